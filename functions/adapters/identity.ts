import { randomBytes } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminLinkProviderForUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  type AttributeType,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  GetUserCommand,
  ListUsersCommand,
  SignUpCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { DomainError } from '../domain/errors';
import { type FederatedIdentity, NO_PASSWORD_GROUP } from '../domain/sign-in-methods';
import { awsClientSettings } from '../runtime/dependency-budget';
import { timed } from '../runtime/dependency-latency';
import type { Identity, AccountDirectory, PoolAccount } from '../domain/ports';

/**
 * What a user may write about themselves through the app client (SignUp, UpdateUserAttributes, and
 * the attributes Google maps in; lib/auth.ts): never `custom:user_type` (the profile holds the role)
 * nor, with their own token, `email_verified`. The local Cognito front refuses the rest as Cognito does.
 */
export const APP_CLIENT_WRITE_ATTRIBUTES = ['email', 'given_name', 'family_name'] as const;

const errorName = (error: unknown) => (error as { name?: string }).name;

export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Your current password is not correct.';
export const INVALID_RESET_LINK_MESSAGE = 'This password reset link is invalid or has expired.';

function invalid(field: string, error: unknown): never {
  const message = (error as Error).message;
  throw new DomainError('VALIDATION_FAILED', message, [{ field, message }]);
}

const tooManyAttempts = (): never => {
  throw new DomainError('TOO_MANY_REQUESTS', 'Too many attempts. Please wait a while and try again.');
};

/**
 * A password operation's Cognito call, its answers that are the caller's to fix (by exception name)
 * turned into our coded errors: these, throttling and a password the pool refuses; the rest stay 500s.
 */
function translated<T>(call: Promise<T>, answers: Record<string, (error: unknown) => never>): Promise<T> {
  const known: Record<string, (error: unknown) => never> = {
    LimitExceededException: tooManyAttempts,
    TooManyRequestsException: tooManyAttempts,
    TooManyFailedAttemptsException: tooManyAttempts,
    InvalidPasswordException: (error) => invalid('body.password', error),
    ...answers,
  };
  return call.catch((error: unknown) => {
    const answer = known[errorName(error) ?? ''];
    if (answer) return answer(error);
    throw error;
  });
}

/** Cognito's answers that are the caller's to fix become our coded errors; the rest stay 500s. */
function translateSignUpError(error: unknown): never {
  switch (errorName(error)) {
    case 'InvalidPasswordException':
      return invalid('body.password', error);
    case 'InvalidParameterException':
      return invalid('body', error);
    default:
      throw error;
  }
}

export function cognitoIdentity(client: CognitoIdentityProviderClient, clientId: string): Identity {
  return {
    async signUp({ email, password }) {
      const answer = await client
        .send(
          new SignUpCommand({
            ClientId: clientId,
            Username: email,
            Password: password,
            // The role lives on the profile; the app client may not write custom attributes (lib/auth.ts).
            UserAttributes: [{ Name: 'email', Value: email }],
          }),
        )
        .catch((error: unknown) => {
          if (errorName(error) === 'UsernameExistsException') return null;
          return translateSignUpError(error);
        });
      if (answer === null) return null;
      if (!answer.UserSub) throw new Error('Cognito SignUp returned no user id');
      return answer.UserSub;
    },

    async userInfo(accessToken) {
      const answer = await client.send(new GetUserCommand({ AccessToken: accessToken })).catch((error: unknown) => {
        // A still-valid token of an account deleted since answers UserNotFoundException.
        if (errorName(error) === 'NotAuthorizedException' || errorName(error) === 'UserNotFoundException')
          throw new DomainError('UNAUTHORIZED', 'Sign in to continue.');
        throw error;
      });
      const attribute = (name: string) => answer.UserAttributes?.find((a) => a.Name === name)?.Value ?? null;
      const sub = attribute('sub');
      const email = attribute('email');
      if (!sub || !email) throw new Error('Cognito GetUser returned no sub or e-mail');
      return { sub, email, givenName: attribute('given_name'), familyName: attribute('family_name') };
    },

    async changePassword(accessToken, { currentPassword, password }) {
      const command = new ChangePasswordCommand({
        AccessToken: accessToken,
        PreviousPassword: currentPassword,
        ProposedPassword: password,
      });
      await translated(client.send(command), {
        // Cognito's answer to a wrong current password (an expired token fails at the authorizer first).
        NotAuthorizedException: () => {
          throw new DomainError('VALIDATION_FAILED', CURRENT_PASSWORD_WRONG_MESSAGE, [
            { field: 'body.currentPassword', message: CURRENT_PASSWORD_WRONG_MESSAGE },
          ]);
        },
      });
    },

    async resetPassword({ email, code, password }) {
      const command = new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: email,
        ConfirmationCode: code,
        Password: password,
      });
      const invalidLink = () => {
        throw new DomainError('INVALID_RESET_LINK', INVALID_RESET_LINK_MESSAGE);
      };
      // An unknown address answers as a wrong code: the reset never tells which addresses have accounts.
      await translated(client.send(command), {
        CodeMismatchException: invalidLink,
        ExpiredCodeException: invalidLink,
        UserNotFoundException: invalidLink,
        NotAuthorizedException: invalidLink,
      });
    },
  };
}

/** Cognito's `identities` attribute: a JSON list of `{providerName, userId, …}`. */
function identitiesOf(attributes: readonly AttributeType[] | undefined): FederatedIdentity[] {
  const value = attributes?.find((attribute) => attribute.Name === 'identities')?.Value;
  if (!value) return [];
  const parsed = JSON.parse(value) as { providerName?: string; userId?: string }[];
  return parsed.flatMap(({ providerName, userId }) =>
    providerName && userId ? [{ providerName, providerUserId: userId }] : [],
  );
}

/** A still-valid token of an account deleted since: signing in again will tell. */
function signInAgainIfDeleted(error: unknown): never {
  if (errorName(error) === 'UserNotFoundException') throw new DomainError('UNAUTHORIZED', 'Sign in to continue.');
  throw error;
}

/** A value inside a ListUsers filter, where `"` and `\\` must be escaped. */
const filterValue = (text: string) => text.replace(/["\\]/g, (character) => `\\${character}`);

const poolAccountOf = (user: UserType): PoolAccount[] => {
  const attribute = (name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;
  const userId = attribute('sub');
  return user.Username && userId
    ? [
        {
          userId,
          username: user.Username,
          email: attribute('email') ?? '',
          enabled: user.Enabled !== false,
          createdAt: user.UserCreateDate ? new Date(user.UserCreateDate).toISOString() : null,
        },
      ]
    : [];
};

export function cognitoAccounts(client: CognitoIdentityProviderClient, userPoolId: string): AccountDirectory {
  // ListUsers filters on one attribute, `=` or `^=` (a prefix), email case-insensitively, at most 60 a page.
  const listed = async (filter: string, limit: number) =>
    (await client.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: filter, Limit: limit }))).Users?.flatMap(
      poolAccountOf,
    ) ?? [];
  const setPassword = (username: string, password: string) =>
    client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: username,
        Password: password,
        Permanent: true,
      }),
    );
  return {
    async account(username) {
      const [user, groups] = await Promise.all([
        client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username })),
        client.send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username })),
      ]).catch(signInAgainIfDeleted);
      if (!user.UserStatus) throw new Error('Cognito AdminGetUser returned no status');
      return {
        status: user.UserStatus,
        groups: (groups.Groups ?? []).flatMap((group) => (group.GroupName ? [group.GroupName] : [])),
        identities: identitiesOf(user.UserAttributes),
      };
    },

    async hasAuthenticatorMfa(username) {
      const user = await client
        .send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }))
        .catch(signInAgainIfDeleted);
      // UserMFASettingList holds the methods turned on (SetUserMFAPreference); a verified but unused token is not one.
      return user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') === true;
    },

    async emailOf(username) {
      const user = await client
        .send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }))
        .catch((error: unknown) => {
          if (errorName(error) === 'UserNotFoundException') return null;
          throw error;
        });
      return user?.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value ?? null;
    },

    async setOwnPassword(username, password) {
      await setPassword(username, password).catch((error: unknown) => {
        if (errorName(error) === 'InvalidPasswordException') return invalid('body.password', error);
        throw error;
      });
      // After the password: should this fail, a retry sets the password again rather than leave none.
      await client.send(
        new AdminRemoveUserFromGroupCommand({
          UserPoolId: userPoolId,
          Username: username,
          GroupName: NO_PASSWORD_GROUP,
        }),
      );
    },

    async usersWithEmail(email) {
      const answer = await client.send(
        new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${filterValue(email)}"` }),
      );
      return (answer.Users ?? []).flatMap((user) =>
        user.Username && user.UserStatus
          ? [
              {
                username: user.Username,
                status: user.UserStatus,
                emailVerified: user.Attributes?.find((a) => a.Name === 'email_verified')?.Value === 'true',
                identities: identitiesOf(user.Attributes),
              },
            ]
          : [],
      );
    },

    async createVerifiedAccount({ email, givenName, familyName }) {
      const optional = (Name: string, Value: string | undefined) => (Value ? [{ Name, Value }] : []);
      const answer = await client
        .send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            // The pool signs in by e-mail: Cognito makes the username itself.
            Username: email,
            MessageAction: 'SUPPRESS',
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
              ...optional('given_name', givenName),
              ...optional('family_name', familyName),
            ],
          }),
        )
        .catch((error: unknown) => {
          if (errorName(error) === 'UsernameExistsException') return null;
          throw error;
        });
      if (!answer) return null;
      const username = answer.User?.Username;
      if (!username) throw new Error('Cognito AdminCreateUser returned no username');
      return username;
    },

    async withoutOwnPassword(username) {
      // Into the group first: an account confirmed outside it would look as if it had a password.
      await client.send(
        new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: NO_PASSWORD_GROUP }),
      );
      await setPassword(username, randomBytes(32).toString('base64url'));
    },

    async link(username, identity) {
      await client.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: userPoolId,
          DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: username },
          SourceUser: {
            ProviderName: identity.providerName,
            ProviderAttributeName: 'Cognito_Subject',
            ProviderAttributeValue: identity.providerUserId,
          },
        }),
      );
    },

    accountsWithEmailPrefix: (prefix, limit) => listed(`email ^= "${filterValue(prefix)}"`, limit),
    accountsWithIdPrefix: (prefix, limit) => listed(`sub ^= "${filterValue(prefix)}"`, limit),

    async accountOfUser(userId) {
      const [account] = await listed(`sub = "${filterValue(userId)}"`, 1);
      return account ?? null;
    },

    async deleteAccount(username) {
      await client
        .send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }))
        .catch((error: unknown) => {
          if (errorName(error) !== 'UserNotFoundException') throw error;
        });
    },

    async disable(username) {
      await client.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: username }));
      // Disabling stops new sign-ins and refreshes; the sign-out revokes the refresh tokens outright.
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
    },

    async enable(username) {
      await client.send(new AdminEnableUserCommand({ UserPoolId: userPoolId, Username: username }));
    },
  };
}

/** A Cognito client, timed; `endpoint` is cognito-local's on the local stack, none in AWS. */
export const cognitoClient = (endpoint: string | undefined) =>
  timed(new CognitoIdentityProviderClient({ ...awsClientSettings(), endpoint }));
