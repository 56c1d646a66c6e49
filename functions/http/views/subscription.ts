import { type Credits, creditsLeft, type SubscriptionState } from '../../domain/plans';
import type { ProfileItem } from '../../domain/profile-item';
import type { SubscriptionView } from '../../schemas/plans';
import { otherPartyOf } from './session';

/** What the view reads of a subscription item (data/subscriptions.ts). */
interface ShownSubscription extends SubscriptionState {
  id: string;
  coachId: string;
  menteeId: string;
  priceCents: number;
  sessionsPerMonth: number;
  sessionMinutes: 30 | 60;
  credits?: Credits | null;
}

/** A plan as one of its parties sees it; the credits left are counted as of `now`. */
export function toSubscriptionView(
  subscription: ShownSubscription,
  viewerId: string,
  other: ProfileItem | null,
  now: Date,
): SubscriptionView {
  const viewerRole = subscription.coachId === viewerId ? 'coach' : 'mentee';
  return {
    id: subscription.id,
    coachId: subscription.coachId,
    menteeId: subscription.menteeId,
    viewerRole,
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd,
    creditsLeft:
      subscription.status === 'active' || subscription.status === 'past_due'
        ? creditsLeft(subscription.credits, now)
        : 0,
    sessionsPerMonth: subscription.sessionsPerMonth,
    sessionMinutes: subscription.sessionMinutes,
    monthlyPriceCents: subscription.priceCents,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    otherParty: otherPartyOf(viewerRole === 'coach' ? subscription.menteeId : subscription.coachId, other),
  };
}
