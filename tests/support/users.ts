import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/data/client';
import { sampleProfile } from './handler-kit/sample-items';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { localCognitoClient } from '../../bin/local/cognito';
import { hostedUiCallback } from '../../bin/local/cognito-hosted-ui';
import { signedAsCognitoLocal } from '../../bin/local/cognito-tokens';
import { cognitoAccounts } from '../../functions/adapters/identity';
import type { RuntimeConfig } from '../../functions/schemas/config';
import { HOSTED_UI_SCOPES } from '../../functions/schemas/hosted-ui-scopes';
import type { BrowserContext } from 'playwright-core';

export interface SignedInUser {
  userId: string;
  email: string;
  accessToken: string;
  /** `fetch` init headers carrying the bearer token. */
  auth: { authorization: string };
  /** The sign-in's refresh token, for {@link refreshedSignIn}. */
  refreshToken: string;
}

/** Every user a test signed in: a move of the local clock refreshes their tokens, as the SPA would. */
const signedInUsers = new Set<SignedInUser>();

/** `user` holding these tokens. */
export function signedInWith(
  user: Pick<SignedInUser, 'userId' | 'email' | 'refreshToken'>,
  accessToken: string,
): SignedInUser {
  const signedIn = { ...user, accessToken, auth: { authorization: `Bearer ${accessToken}` } };
  signedInUsers.add(signedIn);
  return signedIn;
}

/** Every signedInUser's password. */
export const TEST_USER_PASSWORD = 'test-password-1';

/** A cognito-local user made by AdminCreateUser, no mail sent, with its e-mail and these attributes. */
async function createdWithoutMail(
  client: CognitoIdentityProviderClient,
  config: RuntimeConfig,
  email: string,
  attributes: AttributeType[],
): Promise<{ userId: string; username: string }> {
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: config.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: email }, ...attributes],
    }),
  );
  const username = created.User?.Username;
  const userId = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!username || !userId) throw new Error('cognito-local made no user');
  return { userId, username };
}

const newAddress = () => `user-${randomUUID()}@example.test`;

/** A new Google identity linked to the account, as the PreSignUp trigger links one (AdminLinkProviderForUser). */
const linkedToNewGoogleIdentity = (client: CognitoIdentityProviderClient, config: RuntimeConfig, username: string) =>
  cognitoAccounts(client, config.userPoolId).link(username, { providerName: 'Google', providerUserId: randomUUID() });

/** A confirmed cognito-local user (in `groups`, if any), signed in with USER_PASSWORD_AUTH as the SPA does. */
export const signedInUser = (config: RuntimeConfig, email = newAddress(), groups: readonly string[] = []) =>
  signedInWithPassword(config, email, groups);

async function signedInWithPassword(
  config: RuntimeConfig,
  email: string,
  groups: readonly string[],
): Promise<SignedInUser> {
  const client = localCognitoClient(config.userPoolEndpoint);
  try {
    const { userId } = await createdWithoutMail(client, config, email, []);
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: config.userPoolId,
        Username: email,
        Password: TEST_USER_PASSWORD,
        Permanent: true,
      }),
    );
    for (const group of groups) {
      await client.send(
        new AdminAddUserToGroupCommand({ UserPoolId: config.userPoolId, Username: email, GroupName: group }),
      );
    }
    const signIn = await client.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: TEST_USER_PASSWORD },
      }),
    );
    const { AccessToken, RefreshToken } = signIn.AuthenticationResult ?? {};
    if (!AccessToken || !RefreshToken) throw new Error('cognito-local did not sign the test user in');
    return signedInWith({ userId, email, refreshToken: RefreshToken }, AccessToken);
  } finally {
    client.destroy();
  }
}

/** A new sign-in of the same user with their password, as the delete dialog makes one: its `auth_time` is now. */
export async function signedInAgain(config: RuntimeConfig, user: SignedInUser): Promise<SignedInUser> {
  const client = localCognitoClient(config.userPoolEndpoint);
  try {
    const signIn = await client.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: TEST_USER_PASSWORD },
      }),
    );
    const { AccessToken, RefreshToken } = signIn.AuthenticationResult ?? {};
    if (!AccessToken || !RefreshToken) throw new Error('cognito-local did not sign the test user in again');
    return signedInWith({ ...user, refreshToken: RefreshToken }, AccessToken);
  } finally {
    client.destroy();
  }
}

/** The same sign-in with new tokens, as the SPA refreshes them (REFRESH_TOKEN_AUTH, no password asked). */
export async function refreshedSignIn(config: RuntimeConfig, user: SignedInUser): Promise<SignedInUser> {
  return signedInWith(user, await refreshedAccessToken(config, user.refreshToken));
}

/**
 * Gives every user signed in so far new tokens in place, after the local clock moved past their
 * lifetime (tests/support/handler-kit/test-stack.ts `advanceClock`).
 */
export async function refreshEverySignedInUser(config: RuntimeConfig): Promise<void> {
  for (const user of signedInUsers) {
    const accessToken = await refreshedAccessToken(config, user.refreshToken);
    Object.assign(user, { accessToken, auth: { authorization: `Bearer ${accessToken}` } });
  }
}

async function refreshedAccessToken(config: RuntimeConfig, refreshToken: string): Promise<string> {
  const client = localCognitoClient(config.userPoolEndpoint);
  try {
    const refreshed = await client.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    const accessToken = refreshed.AuthenticationResult?.AccessToken;
    if (!accessToken) throw new Error('cognito-local did not refresh the tokens');
    return accessToken;
  } finally {
    client.destroy();
  }
}

/** A signed-in user with a stored, unpublished profile of the given type. */
export async function signedInUserWithProfile(
  config: RuntimeConfig,
  userType: 'mentor' | 'mentee',
  groups: readonly string[] = [],
): Promise<SignedInUser> {
  return withStoredProfile(await signedInUser(config, undefined, groups), userType);
}

/**
 * The same with Google linked to the account too, as the PreSignUp trigger links a first Google
 * sign-in with the account's address; signed in with the password. signedInThroughGoogle signs it in with Google.
 */
export async function signedInUserLinkedToGoogle(
  config: RuntimeConfig,
  userType: 'mentor' | 'mentee',
): Promise<SignedInUser> {
  const user = await signedInWithPassword(config, newAddress(), []);
  const client = localCognitoClient(config.userPoolEndpoint);
  try {
    await linkedToNewGoogleIdentity(client, config, user.email);
  } finally {
    client.destroy();
  }
  return withStoredProfile(user, userType);
}

async function withStoredProfile(user: SignedInUser, userType: 'mentor' | 'mentee'): Promise<SignedInUser> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: sampleProfile(user.userId, userType, {
        email: user.email,
        lastName: userType === 'mentor' ? 'Mentor' : 'Mentee',
      }),
    }),
  );
  return user;
}

type AccountIds = Pick<SignedInUser, 'userId' | 'email'>;

interface HostedUiSignIn {
  /** When the person signed in (`auth_time`); now unless given. */
  signedInAt?: Date;
  /** The account's Cognito username; the e-mail unless given. */
  username?: string;
}

type HostedUiStack = { config: RuntimeConfig; webUrl: string };

/**
 * The local hosted UI's answer to a Google sign-in request as the SPA's signInWithRedirect makes it
 * (an authorization code with PKCE for HOSTED_UI_SCOPES; `params` change it): a redirect to the
 * callback with a code. The front stands in for Google's account choice with `login_hint`.
 */
export async function hostedUiAuthorize(stack: HostedUiStack, email: string, params: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL('/oauth2/authorize', stack.config.userPoolEndpoint);
  url.search = new URLSearchParams({
    identity_provider: 'Google',
    response_type: 'code',
    client_id: stack.config.userPoolClientId,
    redirect_uri: hostedUiCallback(stack.webUrl),
    scope: HOSTED_UI_SCOPES.join(' '),
    state: randomUUID(),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    login_hint: email,
    ...params,
  }).toString();
  const answer = await fetch(url, { redirect: 'manual' });
  const location = answer.headers.get('location');
  return { answer, callback: location ? new URL(location) : null, verifier };
}

/** The token endpoint's answer to the code's exchange, as Amplify asks for it (`form` changes it). */
export async function hostedUiTokens(
  stack: HostedUiStack,
  code: string,
  verifier: string,
  form: Record<string, string> = {},
) {
  const answer = await fetch(new URL('/oauth2/token', stack.config.userPoolEndpoint), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: stack.config.userPoolClientId,
      code,
      redirect_uri: hostedUiCallback(stack.webUrl),
      code_verifier: verifier,
      ...form,
    }),
  });
  return {
    status: answer.status,
    body: (await answer.json()) as { access_token?: string; id_token?: string; refresh_token?: string; error?: string },
  };
}

/**
 * A Google sign-in through the local hosted UI, as the SPA makes it. The account must be linked to
 * Google (signedInUserLinkedToGoogle, googleMadeAccount).
 */
export async function signedInThroughGoogle(stack: HostedUiStack, account: AccountIds): Promise<SignedInUser> {
  const { answer, callback, verifier } = await hostedUiAuthorize(stack, account.email);
  const code = callback?.searchParams.get('code');
  if (!code) throw new Error(`The hosted UI signed no one in: ${answer.status} ${await answer.text()} ${callback}`);
  const { status, body } = await hostedUiTokens(stack, code, verifier);
  if (!body.access_token || !body.refresh_token) throw new Error(`The hosted UI gave no tokens: ${status}`);
  return signedInWith({ ...account, refreshToken: body.refresh_token }, body.access_token);
}

/**
 * An access token shaped like one the hosted UI (Google sign-in) issues: it carries exactly the
 * scopes given. For what the local hosted UI does not issue (other scopes, a sign-in in the past, a
 * browser's stored session) the test signs it as cognito-local would; signedInThroughGoogle signs in for real.
 */
export function hostedUiAccessToken(
  config: RuntimeConfig,
  user: AccountIds,
  scopes: readonly string[],
  options: HostedUiSignIn = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  return signedAsCognitoLocal({
    sub: user.userId,
    iss: `${config.userPoolEndpoint}/${config.userPoolId}`,
    client_id: config.userPoolClientId,
    token_use: 'access',
    scope: scopes.join(' '),
    auth_time: options.signedInAt ? Math.floor(options.signedInAt.getTime() / 1000) : now,
    iat: now,
    exp: now + 3600,
    jti: randomUUID(),
    username: options.username ?? user.email,
    version: 2,
  });
}

/** The ID token of the same hosted-UI sign-in, for a browser session (Amplify keeps both). */
export function hostedUiIdToken(config: RuntimeConfig, user: AccountIds, options: HostedUiSignIn = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return signedAsCognitoLocal({
    sub: user.userId,
    iss: `${config.userPoolEndpoint}/${config.userPoolId}`,
    aud: config.userPoolClientId,
    token_use: 'id',
    auth_time: options.signedInAt ? Math.floor(options.signedInAt.getTime() / 1000) : now,
    iat: now,
    exp: now + 3600,
    jti: randomUUID(),
    'cognito:username': options.username ?? user.email,
    email: user.email,
    email_verified: true,
  });
}

/** The Cognito username a signed-in user's access token carries. */
export const usernameOf = (user: Pick<SignedInUser, 'accessToken'>): string =>
  (JSON.parse(Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { username: string })
    .username;

/**
 * Every page `context` opens is signed in as the hosted UI's redirect leaves a browser: Amplify's
 * stored tokens of a Google sign-in to `account` (stored once per tab, so a sign-out sticks).
 */
export async function signInThroughHostedUi(
  context: BrowserContext,
  config: RuntimeConfig,
  account: AccountIds & { username: string },
  options: Omit<HostedUiSignIn, 'username'> = {},
): Promise<void> {
  const signIn = { ...options, username: account.username };
  const prefix = `CognitoIdentityServiceProvider.${config.userPoolClientId}`;
  const stored = {
    [`${prefix}.LastAuthUser`]: account.username,
    [`${prefix}.${account.username}.accessToken`]: hostedUiAccessToken(config, account, HOSTED_UI_SCOPES, signIn),
    [`${prefix}.${account.username}.idToken`]: hostedUiIdToken(config, account, signIn),
    [`${prefix}.${account.username}.clockDrift`]: '0',
  };
  await context.addInitScript((entries) => {
    if (sessionStorage.getItem('seeded')) return;
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    sessionStorage.setItem('seeded', 'yes');
  }, stored);
}

export interface GoogleMadeAccount {
  userId: string;
  email: string;
  /** Its Cognito username, which tokens carry in `username` (cognito-local, like Cognito, makes it). */
  username: string;
}

/**
 * What the PreSignUp trigger leaves after a first Google sign-in: a verified native account, made
 * and left without a password of its own by the trigger's own directory calls, with the Google
 * identity linked. Sign it in with signedInThroughGoogle or hostedUiAccessToken(…, { username }).
 */
export async function googleMadeAccount(config: RuntimeConfig): Promise<GoogleMadeAccount> {
  const email = `google-${randomUUID().slice(0, 8)}@example.test`;
  const client = localCognitoClient(config.userPoolEndpoint);
  try {
    const { userId, username } = await createdWithoutMail(client, config, email, [
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: 'Grace' },
      { Name: 'family_name', Value: 'Hopper' },
    ]);
    await cognitoAccounts(client, config.userPoolId).withoutOwnPassword(username);
    await linkedToNewGoogleIdentity(client, config, username);
    return { userId, email, username };
  } finally {
    client.destroy();
  }
}
