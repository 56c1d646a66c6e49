import { HOSTED_UI_SCOPES } from '@functions/schemas/hosted-ui-scopes';
import { Amplify } from 'aws-amplify';
import { Hub } from 'aws-amplify/utils';
import { announceAuthEvent } from './auth-events';
import { runtimeConfig } from './config';

/**
 * Amplify, configured as this module loads. It loads on first use only (a stored session, a sign-in
 * screen), so public pages never download it: import Amplify's auth calls from here or from
 * ./amplify-auth-flows, never from 'aws-amplify/auth' (.dependency-cruiser.cjs enforces it).
 */

const config = runtimeConfig();
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
Hub.listen('auth', ({ payload }) => announceAuthEvent(payload.event));

export type { AuthUser } from 'aws-amplify/auth';
export { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
