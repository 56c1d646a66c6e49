/**
 * Prints the current authenticator code of a TOTP secret, the local demo support account's unless
 * one is given: `npx tsx scripts/totp.ts [BASE32SECRET]`. The local stack checks codes by its own
 * clock, which tests and people move (`/_local/clock`), so the code is of that clock's time when the
 * stack answers (API_PORT), else of real time.
 */
import { TOTP_PERIOD_SECONDS } from '../bin/local/cognito-mfa';
import { DEMO_SUPPORT_TOTP_SECRET, totpCode } from '../bin/local/demo-support';
import { DEFAULT_PORTS } from '../bin/local/stack';

const secret = process.argv[2] ?? DEMO_SUPPORT_TOTP_SECRET;
const apiPort = process.env.API_PORT ?? DEFAULT_PORTS.api;

async function stackNow(): Promise<Date> {
  try {
    const answer = await fetch(`http://localhost:${apiPort}/_local/clock`, { signal: AbortSignal.timeout(2000) });
    return new Date(((await answer.json()) as { now: string }).now);
  } catch {
    return new Date();
  }
}

const now = await stackNow();
const secondsLeft = TOTP_PERIOD_SECONDS - (Math.floor(now.getTime() / 1000) % TOTP_PERIOD_SECONDS);
console.log(`${totpCode(secret, now)} (valid for ${secondsLeft} s more)`);
