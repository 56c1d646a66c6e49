import { Secret, TOTP } from 'otpauth';
import { TOTP_PERIOD_SECONDS } from './cognito-mfa';

export const DEMO_SUPPORT_EMAIL = 'support@demo.physicianmentors.test';

/**
 * The demo support account's authenticator secret (base32), printed in the README so people and
 * tests can make its codes. Local stack only: no deployed account has a known secret.
 */
export const DEMO_SUPPORT_TOTP_SECRET = 'PHYSMENTORSSUPPORTDEMOTOTP234567';

/** The code an authenticator app holding `secret` shows at `at` (RFC 6238, as Cognito checks it). */
export const totpCode = (secret: string, at: Date): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS }).generate({
    timestamp: at.getTime(),
  });
