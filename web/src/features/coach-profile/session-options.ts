import { sessionPrice } from '@functions/domain/booking';
import { formatWholeDollars } from '@functions/domain/money';
import type { Coach } from '@functions/schemas/coach';

export interface SessionOption {
  /** `external`: a time picked in the coach's external calendar, of the length that event has. */
  id: 'consult' | '30' | '60' | 'external';
  label: string;
  minutes: number;
  isFreeConsultation: boolean;
}

const PAID_OPTIONS: SessionOption[] = [
  { id: '30', label: '30 minutes', minutes: 30, isFreeConsultation: false },
  { id: '60', label: '60 minutes', minutes: 60, isFreeConsultation: false },
];

/** What the slot picker shows first, so the route loader can fetch its slots before the page renders. */
export const DEFAULT_SESSION_OPTION = PAID_OPTIONS[0]!;

/** The lengths a viewer can book; the free consultation only while the viewer may still have it. */
export function sessionOptions(coach: Coach, mayHaveFreeConsultation: boolean): SessionOption[] {
  if (!coach.offersFreeConsult || !mayHaveFreeConsultation) return PAID_OPTIONS;
  return [
    ...PAID_OPTIONS,
    { id: 'consult', label: 'Free Consult', minutes: coach.freeConsultMinutes, isFreeConsultation: true },
  ];
}

/** What the server will charge (the same pricing function), shown before booking. */
export const sessionPriceLabel = (option: SessionOption, hourlyRateCents: number): string =>
  option.isFreeConsultation ? 'FREE' : formatWholeDollars(sessionPrice(hourlyRateCents, option.minutes));

export const sessionTypeLabel = (option: SessionOption): string =>
  option.isFreeConsultation ? 'Free Consultation' : 'One-time Mentoring';
