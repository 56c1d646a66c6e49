import { getProfile } from '../../data/profiles';
import { refundRequestOf } from '../../data/refunds';
import { upcomingSessionsOfCoach, storeSuspension, storeUnsuspension } from '../../data/suspensions';
import { auditEntry } from '../../domain/audit';
import { CANCELLABLE_STATUSES } from '../../domain/cancellation';
import { DomainError } from '../../domain/errors';
import type { ProfileItem } from '../../domain/profile-item';
import { log } from '../../runtime/log';
import { accounts } from '../../runtime/ports/identity';
import { afterCancelling, cancelSession } from '../booking/cancellation';
import { abandonPendingSession } from '../payments/payment-settlement';

/** The reason each mentee of a suspended mentor reads in the cancellation e-mail (support's own reason is internal). */
export const SUSPENDED_MENTOR_CANCELLATION = 'Your mentor can no longer hold sessions on Physician Mentors.';

export interface SuspensionResult {
  userId: string;
  state: 'active' | 'suspended';
  /** Sessions of a suspended mentor cancelled and, if paid, refunded. */
  cancelledSessionIds: string[];
}

async function profileOf(userId: string): Promise<ProfileItem> {
  const profile = await getProfile(userId);
  if (!profile) throw new DomainError('NOT_FOUND', 'No such user.');
  return profile;
}

const alreadySuspended = () => new DomainError('ALREADY_SUSPENDED', 'This user is suspended already.');

const stateOf = (profile: Pick<ProfileItem, 'published' | 'suspendedAt'>) => ({
  state: profile.suspendedAt ? 'suspended' : 'active',
  published: profile.published,
});

/**
 * Support suspends a user: Cognito refuses their sign-ins and refreshes from now on (disabled first,
 * so the record never says suspended while they can still sign in), the profile says suspended (the
 * API refuses their still-valid tokens) and a mentor is unpublished, with the audit entry in the
 * same transaction; then a mentor's upcoming sessions are cancelled as the coach's cancellations
 * (refund requested, plan credit returned, both parties e-mailed). Suspending a suspended user is 409.
 */
export async function suspendUser(
  userId: string,
  actorId: string,
  reason: string,
  now: Date,
): Promise<SuspensionResult> {
  const profile = await profileOf(userId);
  if (profile.suspendedAt) throw alreadySuspended();
  await accounts().disable(userId);
  const audit = auditEntry(
    {
      actor: actorId,
      action: 'suspend_user',
      subject: `user:${userId}`,
      reason,
      before: stateOf(profile),
      after: { state: 'suspended', published: false },
    },
    now,
  );
  if (!(await storeSuspension(userId, reason, audit))) throw alreadySuspended();
  const cancelledSessionIds = profile.userType === 'mentor' ? await cancelUpcomingSessions(userId, now) : [];
  return { userId, state: 'suspended', cancelledSessionIds };
}

/**
 * Each held session of the coach not yet started, cancelled through the coach's own cancellation;
 * one awaiting payment has its checkout closed, as when the payer leaves it, so it can no longer be paid.
 */
async function cancelUpcomingSessions(coachId: string, now: Date): Promise<string[]> {
  const cancelledIds: string[] = [];
  for (const session of await upcomingSessionsOfCoach(coachId, now)) {
    if (session.status === 'pending_payment') {
      if ((await abandonPendingSession(session, now)).status === 'cancelled') cancelledIds.push(session.id);
      continue;
    }
    const cancelled = await cancelSession(
      session.id,
      {
        reason: SUSPENDED_MENTOR_CANCELLATION,
        cancelledBy: 'coach',
        from: CANCELLABLE_STATUSES,
        refund: refundRequestOf(session),
      },
      now,
    );
    // Null: it started, or was cancelled, meanwhile.
    if (!cancelled) continue;
    await afterCancelling(cancelled, 'coach', now);
    cancelledIds.push(cancelled.id);
  }
  if (cancelledIds.length > 0) log('info', 'suspended mentor: sessions cancelled', { coachId, cancelledIds });
  return cancelledIds;
}

/**
 * Support lifts a suspension: Cognito lets them sign in again, and the profile change goes with its
 * audit entry. The cancelled sessions stay cancelled and a mentor stays unpublished until they publish
 * again from their coaching settings. Unsuspending a user not suspended is 409.
 */
export async function unsuspendUser(
  userId: string,
  actorId: string,
  reason: string,
  now: Date,
): Promise<SuspensionResult> {
  const profile = await profileOf(userId);
  const notSuspended = () => new DomainError('NOT_SUSPENDED', 'This user is not suspended.');
  if (!profile.suspendedAt) throw notSuspended();
  const audit = auditEntry(
    {
      actor: actorId,
      action: 'unsuspend_user',
      subject: `user:${userId}`,
      reason,
      before: { ...stateOf(profile), suspendedReason: profile.suspendedReason ?? null },
      after: { state: 'active', published: profile.published },
    },
    now,
  );
  // Enabled first: should the write then fail, the profile still says suspended and the API still refuses them.
  await accounts().enable(userId);
  if (!(await storeUnsuspension(userId, audit))) throw notSuspended();
  return { userId, state: 'active', cancelledSessionIds: [] };
}
