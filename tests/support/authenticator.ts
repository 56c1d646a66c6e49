import {
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { setTimeout as wait } from 'node:timers/promises';
import { Secret, TOTP } from 'otpauth';
import { localCognitoClient } from '../../bin/local/cognito';
import { TOTP_PERIOD_SECONDS } from '../../bin/local/cognito-mfa';
import { claimsOf } from '../../bin/local/cognito-tokens';
import { DEMO_SUPPORT_EMAIL, DEMO_SUPPORT_TOTP_SECRET } from '../../bin/local/demo-support';
import { DEMO_PASSWORD } from '../../bin/local/seed';
import type { RuntimeConfig } from '../../functions/schemas/config';
import type { StaffGroup } from '../../functions/http/support';
import { type SignedInUser, signedInUser, signedInWith, TEST_USER_PASSWORD } from './users';

const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;
/** Time enough to type a code in a browser and send it, so that it is still of an accepted step on arrival. */
const MARGIN_MS = 5_000;

/**
 * An authenticator app for one secret, as a person uses it: each code it hands out is of a time
 * step not used before (Cognito accepts a code once, from the current step or the one before).
 */
export class Authenticator {
  private readonly used = new Set<number>();
  private readonly totp: TOTP;

  constructor(readonly secret: string) {
    this.totp = new TOTP({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD_SECONDS,
    });
  }

  /**
   * A fresh code. Near the end of a step it waits for the next one (at most MARGIN_MS), and when
   * the current and the previous step are both used, for the next step: codes are made of the clock.
   */
  async code(): Promise<string> {
    for (;;) {
      const now = Date.now();
      const step = Math.floor(now / PERIOD_MS);
      const untilNextStep = (step + 1) * PERIOD_MS - now;
      // A code of the previous step stays accepted for the whole current step; the current one for two.
      const fresh = [step, step - 1].find((candidate) => !this.used.has(candidate));
      const staysAccepted = fresh === step || untilNextStep > MARGIN_MS;
      if (fresh !== undefined && staysAccepted) {
        this.used.add(fresh);
        return this.totp.generate({ timestamp: fresh * PERIOD_MS });
      }
      await wait(untilNextStep + 10);
    }
  }

  /** A code that is none of the last steps' (so wrong at any time now). */
  wrongCode(): string {
    const now = Date.now();
    const near = new Set([-1, 0, 1].map((delta) => this.totp.generate({ timestamp: now + delta * PERIOD_MS })));
    for (let n = 0; ; n++) {
      const code = String(n).padStart(6, '0');
      if (!near.has(code)) return code;
    }
  }
}

/** Turns on two-step verification with an authenticator app for a signed-in user, as Security settings does. */
export async function withAuthenticatorMfa(config: RuntimeConfig, user: SignedInUser): Promise<Authenticator> {
  const client = localCognitoClient(config.userPoolEndpoint);
  try {
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: user.accessToken }));
    if (!SecretCode) throw new Error('cognito-local gave no secret');
    const authenticator = new Authenticator(SecretCode);
    await client.send(
      new VerifySoftwareTokenCommand({ AccessToken: user.accessToken, UserCode: await authenticator.code() }),
    );
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: user.accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return authenticator;
  } finally {
    client.destroy();
  }
}

/** A new sign-in with the password and then a code from `authenticator`, as the SPA asks for both once MFA is on. */
export async function signedInWithCode(
  config: RuntimeConfig,
  user: SignedInUser,
  authenticator: Authenticator,
): Promise<SignedInUser> {
  return signedInWithPasswordAndCode(config, user, TEST_USER_PASSWORD, authenticator);
}

/** A new member of a staff group with an authenticator on, signed in with their password and a code, as staff routes need. */
export async function signedInStaff(config: RuntimeConfig, group: StaffGroup): Promise<SignedInUser> {
  const member = await signedInUser(config, undefined, [group]);
  return signedInWithCode(config, member, await withAuthenticatorMfa(config, member));
}

/** The local demo support account's authenticator app: its secret is the README's (bin/local/demo-support.ts). */
const demoSupportAuthenticator = new Authenticator(DEMO_SUPPORT_TOTP_SECRET);

/**
 * The seeded demo support account (`startTestStack({ seed: true })`), signed in as a person does:
 * password, then a code from an authenticator holding the secret the README prints.
 */
export async function signedInAsDemoSupport(config: RuntimeConfig): Promise<SignedInUser> {
  return signedInWithPasswordAndCode(
    config,
    { userId: '', email: DEMO_SUPPORT_EMAIL, refreshToken: '' },
    DEMO_PASSWORD,
    demoSupportAuthenticator,
  );
}

async function signedInWithPasswordAndCode(
  config: RuntimeConfig,
  user: Pick<SignedInUser, 'userId' | 'email' | 'refreshToken'>,
  password: string,
  authenticator: Authenticator,
): Promise<SignedInUser> {
  const client = localCognitoClient(config.userPoolEndpoint);
  try {
    const challenge = await client.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: password },
      }),
    );
    const signedIn = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: config.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: challenge.Session,
        ChallengeResponses: {
          USERNAME: challenge.ChallengeParameters?.USER_ID_FOR_SRP ?? '',
          SOFTWARE_TOKEN_MFA_CODE: await authenticator.code(),
        },
      }),
    );
    const { AccessToken, RefreshToken } = signedIn.AuthenticationResult ?? {};
    if (!AccessToken || !RefreshToken) throw new Error('cognito-local did not sign the user in with the code');
    const userId = user.userId || String(claimsOf(AccessToken).sub);
    return signedInWith({ ...user, userId, refreshToken: RefreshToken }, AccessToken);
  } finally {
    client.destroy();
  }
}
