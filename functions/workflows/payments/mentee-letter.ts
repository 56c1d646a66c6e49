import { getProfile } from '../../data/profiles';
import { DELETED_PARTY } from '../../domain/account-deletion';
import type { SessionItem } from '../../domain/session-item';
import { siteOrigin } from '../../runtime/site';

/**
 * What an e-mail about a session's money to its mentee is written from: the mentee, the coach (or
 * a deleted party's stand-in name), the site. Null when the mentee's profile is gone.
 */
export async function menteeLetter(session: SessionItem, now: Date) {
  const [coach, mentee] = await Promise.all([getProfile(session.coachId), getProfile(session.menteeId)]);
  if (!mentee) return null;
  return {
    recipient: mentee,
    role: 'mentee' as const,
    other: coach ?? DELETED_PARTY,
    session,
    siteOrigin: siteOrigin(),
    now,
  };
}
