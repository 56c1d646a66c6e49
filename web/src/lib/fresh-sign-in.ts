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
  const config = runtimeConfig();
  const endpoint = config.userPoolEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const answer = (await response.json().catch(() => ({}))) as {
    __type?: string;
    message?: string;
    AuthenticationResult?: { AccessToken?: string };
    ChallengeName?: string;
  };
  if (answer.AuthenticationResult?.AccessToken) {
    return { kind: 'signed-in', accessToken: answer.AuthenticationResult.AccessToken };
  }
  if (answer.ChallengeName) return { kind: 'needs-full-sign-in' };
  if (answer.__type?.endsWith('NotAuthorizedException')) return { kind: 'wrong-password' };
  throw new Error(answer.message ?? 'Signing in failed. Please try again.');
}
