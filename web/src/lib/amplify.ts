import { HOSTED_UI_SCOPES, type RuntimeConfig } from '@functions/schemas/config';
import { Amplify } from 'aws-amplify';

/**
 * cognito-local has no SRP, so every environment signs in with USER_PASSWORD_AUTH (over TLS in
 * the cloud): the flow we test is the flow we deploy.
 */
export const AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;

export function configureAmplify(config: RuntimeConfig): void {
  const origin = window.location.origin;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(config.oauthDomain
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: [...HOSTED_UI_SCOPES],
                  redirectSignIn: [`${origin}/auth/callback`],
                  redirectSignOut: [`${origin}/`],
                  responseType: 'code' as const,
                  providers: ['Google' as const],
                },
              }
            : {}),
        },
      },
    },
  });
}
