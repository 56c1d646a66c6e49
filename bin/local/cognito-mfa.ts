import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { claimsOf } from './cognito-tokens';
import type { CognitoAnswer } from './cognito-user-existence';

type CognitoService = import('cognito-local/lib/services/cognitoService').CognitoService;
type TokenGenerator = import('cognito-local/lib/services/tokenGenerator').TokenGenerator;
type User = import('cognito-local/lib/services/userPoolService').User;
type Context = import('cognito-local/lib/services/context').Context;

/** Cognito's default `AuthSessionValidity`: a sign-in's challenge session lasts 3 minutes. */
export const MFA_SESSION_MS = 3 * 60_000;
/** RFC 6238's time step, as Cognito and every authenticator app use it. */
export const TOTP_PERIOD_SECONDS = 30;

const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';

const refusal = (type: string, message: string): CognitoAnswer => ({ status: 400, body: { __type: type, message } });

/** The time step of `token` for `secret` at `now`: the current step or the one before (a code typed just as it turned), else null. */
export function totpStep(secret: string, token: unknown, now: Date): number | null {
  if (typeof token !== 'string' || !/^\d{6}$/.test(token)) return null;
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  });
  const delta = totp.validate({ token, timestamp: now.getTime(), window: 1 });
  // A code from the next step would mean a clock ahead of ours: Cognito does not wait for the future.
  if (delta === null || delta > 0) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

interface PendingSignIn {
  clientId: string;
  username: string;
  expiresAt: number;
}

/**
 * What cognito-local does not do as Cognito does for authenticator-app (TOTP) MFA:
 * - VerifySoftwareToken answers a wrong code with EnableSoftwareTokenMFAException and only marks
 *   the token verified (SetUserMFAPreference turns MFA on, as in Cognito); cognito-local turned it on;
 * - a sign-in's SOFTWARE_TOKEN_MFA session is one Cognito would honour: issued by InitiateAuth to
 *   that user, for 3 minutes, once (cognito-local accepts any session string, skipping the password);
 * - a code is accepted once (Cognito: "Your software token has already been used once."), for the
 *   current 30-second step or the one before (cognito-local: a step either side);
 * - the tokens of an MFA sign-in can be refreshed (cognito-local forgets to store the refresh token).
 */
export function localTotpMfa(services: {
  cognito: CognitoService;
  tokenGenerator: TokenGenerator;
  clock: { get(): Date };
  ctx: Context;
}) {
  const { cognito, tokenGenerator, clock, ctx } = services;
  const pending = new Map<string, PendingSignIn>();
  /** Per user (pool id + username), the time steps whose code was accepted already. */
  const usedSteps = new Map<string, Set<number>>();

  /** Accepts `code` for `user` once; null when it is right and fresh, else why not. */
  function acceptCode(poolId: string, user: User, code: unknown): 'mismatch' | 'used' | null {
    const secret = user.SoftwareTokenMfaConfiguration?.Secret;
    const step = secret ? totpStep(secret, code, clock.get()) : null;
    if (step === null) return 'mismatch';
    const key = `${poolId}/${user.Username}`;
    const used = usedSteps.get(key) ?? new Set<number>();
    if (used.has(step)) return 'used';
    // Only the last two steps can match again.
    for (const old of used) if (old < step - 1) used.delete(old);
    used.add(step);
    usedSteps.set(key, used);
    return null;
  }

  const userOfAccessToken = async (accessToken: unknown) => {
    const claims = claimsOf(accessToken);
    if (typeof claims.client_id !== 'string' || typeof claims.username !== 'string') return null;
    const userPool = await cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = await userPool.getUserByUsername(ctx, claims.username);
    return user && { userPool, user };
  };

  return {
    /** VerifySoftwareToken with an access token (the front has checked its scope). */
    async verifySoftwareToken(request: unknown): Promise<CognitoAnswer | null> {
      const { AccessToken, UserCode, FriendlyDeviceName } = request as {
        AccessToken?: string;
        UserCode?: string;
        FriendlyDeviceName?: string;
      };
      // Session-based setup (MFA required at sign-up) is not used here: cognito-local refuses it as unsupported.
      if (!AccessToken) return null;
      const found = await userOfAccessToken(AccessToken);
      if (!found) return refusal('NotAuthorizedException', 'Invalid Access Token');
      const { userPool, user } = found;
      const configuration = user.SoftwareTokenMfaConfiguration;
      if (!configuration) return refusal('InvalidParameterException', 'User has not associated a software token');
      if (acceptCode(userPool.options.Id, user, UserCode) !== null)
        return refusal('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
      await userPool.saveUser(ctx, {
        ...user,
        SoftwareTokenMfaConfiguration: {
          ...configuration,
          Verified: true,
          FriendlyDeviceName: FriendlyDeviceName ?? configuration.FriendlyDeviceName,
        },
      });
      return { status: 200, body: { Status: 'SUCCESS' } };
    },

    /** InitiateAuth's answer, its SOFTWARE_TOKEN_MFA session replaced by one this front will honour. */
    async challengeIssued(request: unknown, answer: CognitoAnswer): Promise<CognitoAnswer> {
      const body = answer.body as { ChallengeName?: string; ChallengeParameters?: { USER_ID_FOR_SRP?: string } };
      const username = body?.ChallengeParameters?.USER_ID_FOR_SRP;
      if (answer.status !== 200 || body.ChallengeName !== SOFTWARE_TOKEN_MFA || !username) return answer;
      const now = clock.get().getTime();
      for (const [id, sign] of pending) if (sign.expiresAt <= now) pending.delete(id);
      // As long and opaque as Cognito's.
      const session = randomBytes(192).toString('base64url');
      const { ClientId } = request as { ClientId: string };
      pending.set(session, { clientId: ClientId, username, expiresAt: now + MFA_SESSION_MS });
      return { ...answer, body: { ...body, Session: session } };
    },

    /** RespondToAuthChallenge; only SOFTWARE_TOKEN_MFA is answered here. */
    async respondToAuthChallenge(request: unknown): Promise<CognitoAnswer | null> {
      const { ChallengeName, ChallengeResponses, ClientId, Session, ClientMetadata } = request as {
        ChallengeName?: string;
        ChallengeResponses?: Record<string, string>;
        ClientId: string;
        Session?: string;
        ClientMetadata?: Record<string, string>;
      };
      if (ChallengeName !== SOFTWARE_TOKEN_MFA) return null;
      const signIn = Session ? pending.get(Session) : undefined;
      if (!signIn || signIn.clientId !== ClientId)
        return refusal('NotAuthorizedException', 'Invalid session for the user.');
      if (signIn.expiresAt <= clock.get().getTime()) {
        pending.delete(Session as string);
        return refusal('NotAuthorizedException', 'Invalid session for the user, session is expired.');
      }
      const userPool = await cognito.getUserPoolForClientId(ctx, ClientId);
      const appClient = await cognito.getAppClient(ctx, ClientId);
      const user = await userPool.getUserByUsername(ctx, ChallengeResponses?.USERNAME ?? '');
      if (!user || !appClient || user.Username !== signIn.username)
        return refusal('NotAuthorizedException', 'Invalid session for the user.');
      if (!user.SoftwareTokenMfaConfiguration?.Verified)
        return refusal('SoftwareTokenMFANotFoundException', 'Software Token MFA has not been enabled by the user.');
      const refused = acceptCode(userPool.options.Id, user, ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE);
      if (refused === 'used') return refusal('ExpiredCodeException', 'Your software token has already been used once.');
      if (refused) return refusal('CodeMismatchException', 'Invalid code received for user');
      pending.delete(Session as string);
      const groups = await userPool.listUserGroupMembership(ctx, user);
      const tokens = await tokenGenerator.generate(ctx, user, groups, appClient, ClientMetadata, 'Authentication');
      await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
      return { status: 200, body: { ChallengeParameters: {}, AuthenticationResult: tokens } };
    },
  };
}
