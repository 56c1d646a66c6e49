/** Amplify's sign-up, sign-in (with its authenticator-app step), two-step verification setup and reset-request calls (a new password goes through our API, which mails the owner), for the screens that use them (configured by ./amplify). */
import './amplify';

export {
  confirmSignIn,
  confirmSignUp,
  fetchMFAPreference,
  resendSignUpCode,
  resetPassword,
  setUpTOTP,
  signIn,
  signInWithRedirect,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';

/**
 * cognito-local has no SRP, so every environment signs in with USER_PASSWORD_AUTH (over TLS in
 * the cloud): the flow we test is the flow we deploy.
 */
export const AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;
