import type { MessageItem } from '../../domain/messages';
import type { ProfileItem } from '../../domain/profile-item';
import type { RatingItem } from '../../domain/rating-item';
import type { SessionItem } from '../../domain/session-item';
import type { LedgerEntry } from '../../schemas/ledger';
import { toMessageView } from './message';
import { toProfileView } from './profile';
import { toSessionView } from './session';
import { toSubscriptionView } from './subscription';

/** What the table holds about one user (workflows/accounts/export-my-data.ts). */
interface PersonalDataExport {
  profile: ProfileItem | null;
  sessions: { session: SessionItem; other: ProfileItem | null; rating: RatingItem | null }[];
  ratingsWritten: RatingItem[];
  conversations: { conversationId: string; otherPartyId: string; messages: MessageItem[] }[];
  plans: { subscription: Parameters<typeof toSubscriptionView>[0]; other: ProfileItem | null; money: LedgerEntry[] }[];
}

/** What a plan's party is shown of its money: the payments and refunds, and to the coach the transfers of their share. */
const MONEY_SHOWN: Record<'coach' | 'mentee', ReadonlySet<LedgerEntry['kind']>> = {
  mentee: new Set(['subscription_payment', 'subscription_refund']),
  coach: new Set(['subscription_payment', 'subscription_refund', 'transfer', 'transfer_reversed']),
};

/** A plan's money as its party reads it: the mentee what they paid and got back, the coach also the fee and their share. */
function planMoneyView(entry: LedgerEntry, viewerRole: 'coach' | 'mentee') {
  const { at, kind, currency, grossCents, refundCents } = entry;
  const paid = { at, kind, currency, grossCents, refundCents, invoiceId: entry.stripe.invoiceId ?? null };
  if (viewerRole === 'mentee') return paid;
  const { platformFeeCents, netToCoachCents, transferredCents } = entry;
  return { ...paid, platformFeeCents, netToCoachCents, transferredCents };
}

/**
 * The user's data in the shapes the API shows them: provider ids and tokens stay out, and a
 * message moderation removed stays removed.
 */
export const toPersonalDataView = (data: PersonalDataExport, userId: string, now: Date) => ({
  exportedAt: now.toISOString(),
  userId,
  profile: data.profile && toProfileView(data.profile),
  sessions: data.sessions.map(({ session, other, rating }) => toSessionView(session, userId, other, rating)),
  ratingsWritten: data.ratingsWritten.map(({ sessionId, coachId, rating, reviewText, createdAt }) => ({
    sessionId,
    coachId,
    rating,
    reviewText,
    createdAt,
  })),
  conversations: data.conversations.map(({ conversationId, otherPartyId, messages }) => ({
    conversationId,
    otherPartyId,
    messages: messages.map(toMessageView),
  })),
  plans: data.plans.map(({ subscription, other, money }) => {
    const view = toSubscriptionView(subscription, userId, other, now);
    return {
      ...view,
      credits: subscription.credits ?? null,
      money: money
        .filter((entry) => MONEY_SHOWN[view.viewerRole].has(entry.kind))
        .map((entry) => planMoneyView(entry, view.viewerRole)),
    };
  }),
});
