import type { MediaStore, AccountDirectory } from '../../domain/ports';
import { anonymiseRating, deleteUserPartition } from '../../data/accounts';
import { savePublication } from '../../data/coach-settings';
import { sessionsOfUser } from '../../data/personal-data';
import { getPlanPayout, type PlanPayoutItem } from '../../data/plan-payouts';
import { getProfile } from '../../data/profiles';
import type { SessionItem } from '../../domain/session-item';
import { type SubscriptionItem, subscriptionsOf } from '../../data/subscriptions';
import { recordAudit } from '../../data/audit';
import { ACCOUNT_DELETED_REASON } from '../../domain/account-deletion';
import type { AuditEntry } from '../../domain/audit';
import { CANCELLABLE_STATUSES } from '../../domain/cancellation';
import { headshotKeys } from '../../domain/headshot';
import { assertNothingHeld, moneyHeld } from '../../domain/money-held';
import { log } from '../../runtime/log';
import { cancelAtPeriodEnd } from '../plans/subscriptions';
import { cancelByParty } from '../booking/cancellation';
import { abandonPendingSession } from '../payments/payment-settlement';

export interface DeletionServices {
  accounts: Pick<AccountDirectory, 'deleteAccount'>;
  media: Pick<MediaStore, 'remove'>;
}

/** One step that must not stop the deletion (a session that changed meanwhile, a provider down): logged. */
async function attempt(step: string, fields: Record<string, unknown>, effect: () => Promise<unknown>): Promise<void> {
  try {
    await effect();
  } catch (error) {
    log('warn', `account deletion: ${step} failed`, { ...fields, error: String(error) });
  }
}

const isUpcoming = (session: SessionItem, now: Date) =>
  (CANCELLABLE_STATUSES as readonly string[]).includes(session.status) && Date.parse(session.start) > now.getTime();

/** The payouts of the coach's plan invoices, through their subscriptions (no index lists a coach's payouts). */
async function payoutsOf(subscriptions: readonly SubscriptionItem[]): Promise<PlanPayoutItem[]> {
  const invoiceIds = subscriptions.flatMap((subscription) => subscription.payoutInvoices ?? []);
  const payouts = await Promise.all(invoiceIds.map((invoiceId) => getPlanPayout(invoiceId)));
  return payouts.filter((payout): payout is PlanPayoutItem => payout !== null);
}

/**
 * A coach's account holds money and mentees until every session, plan month and transfer of
 * theirs has ended: deleted sooner, its open sessions and plan month were owed forever and its
 * subscribers' credits could neither be booked nor refunded (issue 39). Throws 409 MONEY_HELD.
 */
async function assertCoachAccountFree(
  userId: string,
  sessions: readonly SessionItem[],
  subscriptions: readonly SubscriptionItem[],
  timeZone: string,
  now: Date,
): Promise<void> {
  const asCoach = subscriptions.filter((subscription) => subscription.coachId === userId);
  const held = moneyHeld(
    {
      sessions: sessions.filter((session) => session.coachId === userId),
      subscriptions: asCoach,
      payouts: await payoutsOf(asCoach),
    },
    now,
  );
  assertNothingHeld(held, timeZone);
}

/**
 * `DELETE /api/me` after the fresh-sign-in check: refused while the person's account still holds
 * anything as a coach (assertCoachAccountFree); then first what others could still reach (the
 * directory listing, upcoming sessions as a mentee, which are cancelled and refunded as a
 * cancellation by this party, plans that would renew), then the person's data, and the sign-in
 * account last, so a failure half-way leaves an account that can try again. Sessions and ledger
 * entries stay for finance; ratings the person wrote keep their stars without their name.
 */
export async function deleteAccount(
  services: DeletionServices,
  caller: { userId: string; username: string },
  now: Date,
  /** Support's deletion on the person's behalf: recorded once nothing holds the account, before anything changes. */
  audit?: AuditEntry,
): Promise<void> {
  const { userId } = caller;
  const [profile, sessions, subscriptions] = await Promise.all([
    getProfile(userId),
    sessionsOfUser(userId),
    subscriptionsOf(userId),
  ]);
  await assertCoachAccountFree(userId, sessions, subscriptions, profile?.timezone ?? 'UTC', now);
  if (audit) await recordAudit(audit);
  if (profile?.published) await savePublication(profile, false, now);

  for (const session of sessions) {
    const fields = { userId, sessionId: session.id };
    if (isUpcoming(session, now)) {
      await attempt('cancel session', fields, () => cancelByParty(session, userId, ACCOUNT_DELETED_REASON, now));
    } else if (session.status === 'pending_payment' && session.menteeId === userId) {
      await attempt('abandon checkout', fields, () => abandonPendingSession(session, now));
    }
    if (session.menteeId === userId && session.rated) {
      await anonymiseRating(session.id);
    }
  }
  for (const subscription of subscriptions) {
    if (subscription.status === 'canceled' || subscription.cancelAtPeriodEnd || !subscription.stripeSubscriptionId)
      continue;
    await attempt('end plan', { userId, subscriptionId: subscription.id }, () =>
      cancelAtPeriodEnd(userId, subscription.id, now),
    );
  }

  await services.media.remove(headshotKeys(userId, profile?.headshotUrl));
  await deleteUserPartition(userId);
  await services.accounts.deleteAccount(caller.username);
}
