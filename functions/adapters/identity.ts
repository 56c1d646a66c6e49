import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DomainError } from '../domain/errors';
import { awsClientSettings } from './dependency-budget';
import { traced } from './tracing';

export interface UserInfo {
  sub: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
}

export interface NewAccount {
  email: string;
  password: string;
  userType: 'mentee' | 'mentor';
}

/** The user directory (Cognito) as the API needs it. */
export interface Identity {
  /** Creates an unconfirmed account (the directory e-mails the code) and returns its user id. */
  signUp(account: NewAccount): Promise<string>;
  /** The signed-in user's own attributes, read with their access token. */
  userInfo(accessToken: string): Promise<UserInfo>;
}

const errorName = (error: unknown) => (error as { name?: string }).name;

function invalid(field: string, error: unknown): never {
  const message = (error as Error).message;
  throw new DomainError('VALIDATION_FAILED', message, [{ field, message }]);
}

/** Cognito's answers that are the caller's to fix become our coded errors; the rest stay 500s. */
function translateSignUpError(error: unknown): never {
  switch (errorName(error)) {
    case 'UsernameExistsException':
      throw new DomainError('CONFLICT', 'An account with this email already exists.');
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
    async signUp({ email, password, userType }) {
      const answer = await client
        .send(
          new SignUpCommand({
            ClientId: clientId,
            Username: email,
            Password: password,
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'custom:user_type', Value: userType },
            ],
          }),
        )
        .catch(translateSignUpError);
      if (!answer.UserSub) throw new Error('Cognito SignUp returned no user id');
      return answer.UserSub;
    },

    async userInfo(accessToken) {
      const answer = await client.send(new GetUserCommand({ AccessToken: accessToken })).catch((error: unknown) => {
        if (errorName(error) === 'NotAuthorizedException')
          throw new DomainError('UNAUTHORIZED', 'Sign in to continue.');
        throw error;
      });
      const attribute = (name: string) => answer.UserAttributes?.find((a) => a.Name === name)?.Value ?? null;
      const sub = attribute('sub');
      const email = attribute('email');
      if (!sub || !email) throw new Error('Cognito GetUser returned no sub or e-mail');
      return { sub, email, givenName: attribute('given_name'), familyName: attribute('family_name') };
    },
  };
}

let shared: Identity | undefined;

/** Created on first use from the function's environment; locally COGNITO_ENDPOINT points at cognito-local. */
export function identityFromEnvironment(): Identity {
  const clientId = process.env.USER_POOL_CLIENT_ID;
  if (!clientId) throw new Error('USER_POOL_CLIENT_ID is not set');
  shared ??= cognitoIdentity(
    traced(
      new CognitoIdentityProviderClient({
        ...awsClientSettings(),
        endpoint: process.env.COGNITO_ENDPOINT || undefined,
      }),
    ),
    clientId,
  );
  return shared;
}
