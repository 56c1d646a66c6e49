import { initiatePasswordAuth } from '@functions/schemas/cognito-password-auth';
import { runtimeConfig } from './config';

/** What proving the password again gave: a fresh access token, or why not. */
export type FreshSignIn =
  | { kind: 'signed-in'; accessToken: string }
  | { kind: 'wrong-password' }
  /** Cognito asks for more (an authenticator code): the person signs in again through the sign-in page. */
  | { kind: 'needs-full-sign-in' };

/**
 * Signs in once more with the password, straight against Cognito (USER_PASSWORD_AUTH, as the sign-in
 * page does), without touching the stored session: the new access token carries a fresh
 * `auth_time` for one operation that asks for it (deleting the account), and a wrong password
 * leaves the person signed in as they were.
 */
export async function freshSignIn(email: string, password: string): Promise<FreshSignIn> {
  const answer = await initiatePasswordAuth(runtimeConfig(), email, password);
  if (answer.AuthenticationResult?.AccessToken) {
    return { kind: 'signed-in', accessToken: answer.AuthenticationResult.AccessToken };
  }
  if (answer.ChallengeName) return { kind: 'needs-full-sign-in' };
  if (answer.__type?.endsWith('NotAuthorizedException')) return { kind: 'wrong-password' };
  throw new Error(answer.message ?? 'Signing in failed. Please try again.');
}
