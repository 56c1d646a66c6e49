import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/data/client';
import { sampleProfile } from './handler-kit/sample-items';
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { localCognitoClient } from '../../bin/local/cognito';
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

const signedInWith = (user: Pick<SignedInUser, 'userId' | 'email' | 'refreshToken'>, accessToken: string) => ({
  ...user,
  accessToken,
  auth: { authorization: `Bearer ${accessToken}` },
});

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

/** A confirmed cognito-local user (in `groups`, if any), signed in with USER_PASSWORD_AUTH as the SPA does. */
export async function signedInUser(
  config: RuntimeConfig,
  email = `user-${randomUUID()}@example.test`,
  groups: readonly string[] = [],
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

/** The same sign-in with new tokens, as the SPA refreshes them (REFRESH_TOKEN_AUTH, no password asked). */
export async function refreshedSignIn(config: RuntimeConfig, user: SignedInUser): Promise<SignedInUser> {
  const client = localCognitoClient(config.userPoolEndpoint);
  try {
    const refreshed = await client.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: user.refreshToken },
      }),
    );
    const accessToken = refreshed.AuthenticationResult?.AccessToken;
    if (!accessToken) throw new Error('cognito-local did not refresh the tokens');
    return signedInWith(user, accessToken);
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
  const user = await signedInUser(config, undefined, groups);
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

/**
 * An access token shaped like one the hosted UI (Google sign-in) issues: it carries exactly the
 * scopes the app client asked for. cognito-local cannot federate, so the test signs it as
 * cognito-local would.
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
 * identity linked. cognito-local has no AdminLinkProviderForUser, so the `identities` attribute
 * Cognito writes on linking is set directly. Sign it in with hostedUiAccessToken(…, { username }).
 */
export async function googleMadeAccount(config: RuntimeConfig): Promise<GoogleMadeAccount> {
  const email = `google-${randomUUID().slice(0, 8)}@example.test`;
  const identities = [{ providerName: 'Google', userId: randomUUID(), providerType: 'Google', primary: 'false' }];
  const client = localCognitoClient(config.userPoolEndpoint);
  try {
    const { userId, username } = await createdWithoutMail(client, config, email, [
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: 'Grace' },
      { Name: 'family_name', Value: 'Hopper' },
      { Name: 'identities', Value: JSON.stringify(identities) },
    ]);
    await cognitoAccounts(client, config.userPoolId).withoutOwnPassword(username);
    return { userId, email, username };
  } finally {
    client.destroy();
  }
}
