/**
 * The scopes the SPA asks the hosted UI (Google sign-in) for, and the app client allows.
 * `aws.cognito.signin.user.admin` is what Cognito GetUser demands of an access token: the API reads
 * a first hosted-UI sign-in's own attributes with it (POST /api/me), the same call that serves
 * password sign-ins, whose tokens always carry that scope. Reading oauth2/userInfo instead would
 * need a second code path that only works where a hosted domain exists (not in a dev stage
 * without Google, nor in cognito-local); the scope lets the token do no more than a password
 * sign-in's token already does.
 */
/** Only a hosted-UI sign-in's access token carries it: a password sign-in's has no OpenID scopes. */
export const OPENID_SCOPE = 'openid';

export const HOSTED_UI_SCOPES = [OPENID_SCOPE, 'email', 'profile', 'aws.cognito.signin.user.admin'] as const;
