import type { RefundState } from './refunds';
import type { DecidedOutcome, OutcomeReportEntry, OutcomeResolution } from './session-outcome';
import type { SessionStatus } from './session-status';

/** One move of a session: its start before and after, by which party, why and when. */
export interface RescheduleEntry {
  from: string;
  to: string;
  by: 'coach' | 'mentee';
  reason: string;
  at: string;
}

/** One follow-up of a held session (data/follow-ups.ts): claimed by a run until a time, then done. */
export interface FollowUpMark {
  claimedUntil?: string;
  doneAt?: string;
}

/** Each follow-up has its own attribute, so claiming one never needs a map that older items lack. */
export type FollowUpAttribute = `followUp:${string}`;
export const followUpAttribute = (name: string): FollowUpAttribute => `followUp:${name}`;

/**
 * A session as stored (pk SESSION#id, sk SESSION; gsi1 by coach, gsi2 by mentee, both by start).
 * Field names are the spec's coaching_sessions fields in camelCase.
 */
/** Who cancelled a session: a party, the system (an unpaid booking), or support on a party's behalf. */
export type Canceller = 'coach' | 'mentee' | 'system' | 'support';

/** Support's cancellation: the refund it decided (0 for none); the coach is paid their share of the rest. */
export interface SupportCancellation {
  refundCents: number;
  by: string;
  at: string;
}

export interface SessionItem {
  id: string;
  coachId: string;
  menteeId: string;
  /** ISO-8601 UTC, whole seconds. */
  start: string;
  end: string;
  durationMinutes: number;
  priceCents: number;
  platformFeeCents: number;
  status: SessionStatus;
  sessionType: 'one-time';
  isFreeConsultation: boolean;
  bookingMethod: 'slot' | 'external_calendar';
  externalEventType?: string | null;
  /** The 15-minute blocks of the coach's time this session holds (see data/bookings.ts). */
  claimedBlocks: string[];
  /** Only while pending_payment: when the unpaid hold on the coach's time lapses. */
  paymentExpiresAt?: string | null;
  /** When the payer left checkout: whichever process then ends the unpaid session names them (workflows/payments/payment-settlement.ts). */
  paymentAbandonedAt?: string;
  checkoutId?: string | null;
  paymentIntentId?: string | null;
  refundId?: string | null;
  /** While one run asks the provider for the refund (data/sessions.ts claimRefund). */
  refundClaimedUntil?: string | null;
  /** A paid session's refund, requested in the transaction that cancels it (data/refunds.ts). */
  refund?: RefundState | null;
  /** When the e-mail that the provider confirmed the refund went out (or is being sent). */
  refundMailedAt?: string | null;
  /** When the mentee was told their refund could not be made (workflows/payments/refunds.ts). */
  refundFailureMailedAt?: string | null;
  /** When the completed session's transfer to the coach was first attempted (data/transfers.ts). */
  transferStartedAt?: string | null;
  /** The coach's share, transferred after delivery (workflows/payments/coach-transfer.ts). */
  transferId?: string | null;
  /** How many tries of the transfer failed (data/transfers.ts recordFailedTransfer). */
  transferAttempts?: number;
  /** A dispute of the session's charge: opened before the transfer, it blocks it. */
  disputeId?: string | null;
  /** How the dispute closed: won (the money came back) unblocks the transfer, lost keeps it blocked. */
  disputeOutcome?: 'won' | 'lost' | null;
  cancellationReason?: string | null;
  cancelledBy?: Canceller | null;
  /** Support cancelled it (POST /api/support/sessions/{id}/cancel): what it refunded, by whom, when. */
  supportCancellation?: SupportCancellation;
  meetingId?: string | null;
  meetingUrl?: string | null;
  /** Why there is no meeting link, when there is none (the coach has not connected Zoom, say). */
  meetingNote?: string | null;
  /** The coach's own calendar did not answer the live check at booking; the coach's e-mail says so. */
  calendarUnchecked?: boolean;
  /** Where the booking was written in the coach's own calendar (workflows/calendars/booking-events.ts). */
  calendarEvent?: { provider: 'google' | 'microsoft'; calendarId: string; eventId: string } | null;
  rated?: boolean;
  /** When the mentee first followed the join link while the session was on (sessions/join.ts); a free consultation is rateable only with it. */
  menteeJoinedAt?: string;
  /** When the coach first joined while the session was on: the evidence a mentee's no-show report is checked against (domain/session-outcome.ts). */
  coachJoinedAt?: string;
  /** How the session ended (domain/session-outcome.ts); missing while it is pending. */
  outcome?: DecidedOutcome;
  /** When the outcome was decided. */
  outcomeAt?: string;
  /** Each party's latest report of how it went. */
  outcomeReports?: OutcomeReportEntry[];
  /** Counts the writes of the reports, so two at once are decided one after the other (data/session-outcomes.ts). */
  outcomeVersion?: number;
  /** Support's decision on a disputed session. */
  resolution?: OutcomeResolution;
  /** How often the session was moved (data/rescheduling.ts); missing on sessions never moved. */
  rescheduleCount?: number;
  /** Each move, oldest first. */
  history?: RescheduleEntry[];
  /** `plan`: booked with a credit of a mentorship plan (price 0), spent from the period ending `creditPeriodEnd`. */
  paidBy?: 'plan';
  subscriptionId?: string;
  creditPeriodEnd?: string;
  createdAt: string;
  updatedAt: string;
  [followUp: FollowUpAttribute]: FollowUpMark | undefined;
}
