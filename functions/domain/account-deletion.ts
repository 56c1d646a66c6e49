import { DomainError } from './errors';

/** How recent a sign-in must be to delete the account: a session left open elsewhere cannot. */
export const FRESH_SIGN_IN_MINUTES = 5;

export const FRESH_SIGN_IN_REQUIRED_MESSAGE = `For your security, please confirm it is you: sign in again (within ${FRESH_SIGN_IN_MINUTES} minutes) to delete your account.`;

/** What finance and the other party see where a deleted account's name was. */
export const DELETED_USER_NAME = 'Deleted user';

/** The reason on each upcoming session cancelled because one of its parties deleted their account. */
export const ACCOUNT_DELETED_REASON = 'The account of one of the participants was deleted.';

/** Throws 401 FRESH_SIGN_IN_REQUIRED unless the caller signed in (the token's `auth_time`) within the last 5 minutes. */
export function assertFreshSignIn(signedInAt: Date | null, now: Date): void {
  const ageMs = signedInAt ? now.getTime() - signedInAt.getTime() : Number.POSITIVE_INFINITY;
  if (!(ageMs <= FRESH_SIGN_IN_MINUTES * 60_000)) {
    throw new DomainError('FRESH_SIGN_IN_REQUIRED', FRESH_SIGN_IN_REQUIRED_MESSAGE);
  }
}

/**
 * The other party of a mail about a session whose mentor deleted their account since (a refund that
 * completes afterwards): the mentee still hears of their money. `.invalid` can never be delivered.
 */
export const DELETED_PARTY = { email: 'deleted-user@invalid', firstName: 'Deleted', lastName: 'user' } as const;
