import { sessionPrice } from '@functions/domain/booking';
import { formatPrice } from '@functions/domain/money';
import type { Coach } from '@functions/schemas/coach';
import type { SubscriptionView } from '@functions/schemas/plans';
import { creditsLeftLabel } from '@/lib/my-subscriptions';

export interface SessionOption {
  /**
   * `external`: a time picked in the coach's external calendar, of the length that event has;
   * `plan`: a session of the mentee's monthly plan with this coach, paid by one of its credits.
   */
  id: 'consult' | '30' | '60' | 'external' | 'plan';
  label: string;
  minutes: number;
  isFreeConsultation: boolean;
  /** Set for `plan`: the plan whose credit the booking spends. */
  subscriptionId?: string;
}

const PAID_OPTIONS: SessionOption[] = [
  { id: '30', label: '30 minutes', minutes: 30, isFreeConsultation: false },
  { id: '60', label: '60 minutes', minutes: 60, isFreeConsultation: false },
];

/** What the slot picker shows first, so the route loader can fetch its slots before the page renders. */
export const DEFAULT_SESSION_OPTION = PAID_OPTIONS[0]!;

/**
 * The lengths a viewer can book; the free consultation only while the viewer may still have it;
 * their monthly plan with this coach while it is paid and has a session left this month.
 */
export function sessionOptions(
  coach: Coach,
  mayHaveFreeConsultation: boolean,
  plan?: Pick<SubscriptionView, 'id' | 'status' | 'creditsLeft' | 'sessionsPerMonth' | 'sessionMinutes'>,
): SessionOption[] {
  const options = [...PAID_OPTIONS];
  if (coach.offersFreeConsult && mayHaveFreeConsultation) {
    options.push({ id: 'consult', label: 'Free Consult', minutes: coach.freeConsultMinutes, isFreeConsultation: true });
  }
  if (plan?.status === 'active' && plan.creditsLeft > 0) {
    options.push({
      id: 'plan',
      label: `Use my plan (${creditsLeftLabel(plan)})`,
      minutes: plan.sessionMinutes,
      isFreeConsultation: false,
      subscriptionId: plan.id,
    });
  }
  return options;
}

/** What the server will charge (the same pricing function), shown before booking. */
export const sessionPriceLabel = (option: SessionOption, hourlyRateCents: number): string => {
  if (option.subscriptionId) return 'Included in your plan';
  return option.isFreeConsultation ? 'FREE' : formatPrice(sessionPrice(hourlyRateCents, option.minutes));
};

export const sessionTypeLabel = (option: SessionOption): string => {
  if (option.subscriptionId) return 'Monthly plan session';
  return option.isFreeConsultation ? 'Free Consultation' : 'One-time Mentoring';
};
