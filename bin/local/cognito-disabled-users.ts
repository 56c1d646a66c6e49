import { type CognitoAnswer, USER_DISABLED } from './cognito-user-existence';

type CognitoService = import('cognito-local/lib/services/cognitoService').CognitoService;
type User = import('cognito-local/lib/services/userPoolService').User;
type Context = import('cognito-local/lib/services/context').Context;

/** A user as stored, with the refresh tokens AdminUserGlobalSignOut revoked. */
type StoredUser = User & { RevokedRefreshTokens?: string[] };

const refusal = (type: string, message: string): CognitoAnswer => ({ status: 400, body: { __type: type, message } });

const userDisabled: CognitoAnswer = { status: 400, body: USER_DISABLED };

interface AuthRequest {
  AuthFlow?: string;
  ClientId?: string;
  AuthParameters?: { USERNAME?: string; PASSWORD?: string; REFRESH_TOKEN?: string };
}

/**
 * What cognito-local lacks of a disabled account (aws/cognito-local#381): Cognito refuses its
 * password sign-in (once the password is right, so a wrong one still says nothing more) and every
 * refresh of its tokens with NotAuthorizedException "User is disabled."; AdminUserGlobalSignOut,
 * which it has not at all, revokes the user's refresh tokens, each then refused with "Refresh Token
 * has been revoked". Each answer is null where cognito-local answers as Cognito does.
 */
export function localDisabledUsers(services: { cognito: CognitoService; ctx: Context }) {
  const { cognito, ctx } = services;

  async function refusedRefresh(clientId: string, refreshToken: string): Promise<CognitoAnswer | null> {
    const userPool = await cognito.getUserPoolForClientId(ctx, clientId);
    const user = await userPool.getUserByRefreshToken(ctx, refreshToken);
    if (user) return user.Enabled === false ? userDisabled : null;
    const revoked = (await userPool.listUsers(ctx)).some((each) =>
      (each as StoredUser).RevokedRefreshTokens?.includes(refreshToken),
    );
    return revoked ? refusal('NotAuthorizedException', 'Refresh Token has been revoked') : null;
  }

  return {
    async initiateAuth(request: unknown): Promise<CognitoAnswer | null> {
      const { AuthFlow, ClientId, AuthParameters } = request as AuthRequest;
      if (!ClientId || !AuthParameters) return null;
      if ((AuthFlow === 'REFRESH_TOKEN_AUTH' || AuthFlow === 'REFRESH_TOKEN') && AuthParameters.REFRESH_TOKEN)
        return refusedRefresh(ClientId, AuthParameters.REFRESH_TOKEN);
      if (AuthFlow !== 'USER_PASSWORD_AUTH' || !AuthParameters.USERNAME) return null;
      const userPool = await cognito.getUserPoolForClientId(ctx, ClientId);
      const user = await userPool.getUserByUsername(ctx, AuthParameters.USERNAME);
      return user?.Enabled === false && user.Password === AuthParameters.PASSWORD ? userDisabled : null;
    },

    async adminUserGlobalSignOut(request: unknown): Promise<CognitoAnswer> {
      const { UserPoolId, Username } = request as { UserPoolId?: string; Username?: string };
      if (!UserPoolId || !Username)
        return refusal('InvalidParameterException', 'UserPoolId and Username are required.');
      const userPool = await cognito.getUserPool(ctx, UserPoolId);
      const user = (await userPool.getUserByUsername(ctx, Username)) as StoredUser | null;
      if (!user) return refusal('UserNotFoundException', 'User does not exist.');
      await userPool.saveUser(ctx, {
        ...user,
        RefreshTokens: [],
        RevokedRefreshTokens: [...(user.RevokedRefreshTokens ?? []), ...(user.RefreshTokens ?? [])],
      } as User);
      return { status: 200, body: {} };
    },
  };
}
