import type { RuntimeConfig } from './config';
import * as z from './zod';

/**
 * Cognito's InitiateAuth with USER_PASSWORD_AUTH, sent to its own JSON API unsigned (the app client
 * has no secret), as Amplify sends it. Here because both the SPA (signing in again before a
 * sensitive operation, web/src/lib/fresh-sign-in.ts) and the post-deploy smoke test
 * (scripts/smoke.ts) send it, and the SPA reaches functions/ only through schemas and domain;
 * it needs nothing but `fetch`, so no AWS SDK comes into the SPA.
 */

/** The parts of Cognito's answer the callers read; anything else (or no JSON at all) reads as empty. */
const initiateAuthAnswer = z.object({
  /** The error type, e.g. NotAuthorizedException, sometimes behind a namespace and '#'. */
  __type: z.optional(z.string()),
  message: z.optional(z.string()),
  /** What Cognito asks for instead of tokens, e.g. an authenticator code. */
  ChallengeName: z.optional(z.string()),
  AuthenticationResult: z.optional(z.object({ AccessToken: z.optional(z.string()) })),
});
export type InitiateAuthAnswer = z.infer<typeof initiateAuthAnswer>;

type CognitoClientConfig = Pick<RuntimeConfig, 'region' | 'userPoolEndpoint' | 'userPoolClientId'>;

export async function initiatePasswordAuth(
  config: CognitoClientConfig,
  email: string,
  password: string,
): Promise<InitiateAuthAnswer & { status: number }> {
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
  const answer = initiateAuthAnswer.safeParse(await response.json().catch(() => undefined));
  return { status: response.status, ...(answer.success ? answer.data : {}) };
}
