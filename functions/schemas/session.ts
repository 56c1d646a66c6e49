import { SESSION_STATUSES } from '../domain/session-status';
import { externalEventUri } from './external-calendar';
import { recordId } from './record-id';
import { outcomeView } from './session-outcome';
import * as z from './zod';

const instant = z.iso.datetime({ offset: true });

/**
 * `POST /api/sessions`: a slot of the built-in picker, or an event booked in the coach's external
 * calendar. Unknown fields (a price, say, or an event's times) are dropped: the server prices every
 * booking itself and reads an external event's times from the coach's calendar by its URI.
 */
export const newBooking = z.union([
  z.object({
    coachId: recordId,
    start: instant,
    durationMinutes: z.int(),
    freeConsultation: z._default(z.boolean(), false),
    /** Book with a credit of this mentorship plan instead of paying (no checkout). */
    subscriptionId: z.optional(recordId),
  }),
  z.object({
    coachId: recordId,
    externalEvent: z.object({ uri: externalEventUri }),
  }),
]);
export type NewBooking = z.infer<typeof newBooking>;

export const sessionPath = z.object({ id: recordId });

/** The other party of a session or plan, as one party sees them: public fields only. */
export const otherPartyView = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  credentials: z.nullable(z.string()),
  specialty: z.nullable(z.string()),
});

export const sessionView = z.object({
  id: z.string(),
  coachId: z.string(),
  menteeId: z.string(),
  /** The viewer's part in this session. */
  viewerRole: z.enum(['coach', 'mentee']),
  start: z.string(),
  end: z.string(),
  durationMinutes: z.number(),
  priceCents: z.number(),
  status: z.enum(SESSION_STATUSES),
  sessionType: z.literal('one-time'),
  isFreeConsultation: z.boolean(),
  bookingMethod: z.enum(['slot', 'external_calendar']),
  cancellationReason: z.nullable(z.string()),
  cancelledBy: z.nullable(z.enum(['coach', 'mentee', 'system', 'support'])),
  meetingUrl: z.nullable(z.string()),
  /** Why there is no meeting link yet, when there is none. */
  meetingNote: z.nullable(z.string()),
  /** The mentee joined through the join link while it was on: a free consultation is rateable only then (domain/ratings.ts). */
  menteeJoined: z.boolean(),
  otherParty: otherPartyView,
  rating: z.nullable(
    z.object({
      rating: z.number(),
      reviewText: z.nullable(z.string()),
      moderationStatus: z.enum(['approved', 'rejected']),
      createdAt: z.string(),
    }),
  ),
  /** How often the session was moved (domain/rescheduling.ts), and each move, oldest first. */
  rescheduleCount: z.number(),
  history: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      by: z.enum(['coach', 'mentee']),
      reason: z.string(),
      at: z.string(),
    }),
  ),
  /** `plan`: booked with a credit of a mentorship plan (price 0, no checkout). */
  paidBy: z.optional(z.literal('plan')),
  /** A held session that has started: how it ended so far (functions/domain/session-outcome.ts), and who joined through the join link. */
  outcome: z.optional(outcomeView),
  joined: z.optional(z.object({ coach: z.boolean(), mentee: z.boolean() })),
  /** A paid session's refund (its cancellation's or its outcome's); `disputed` when it failed because the charge is disputed. */
  refund: z.optional(
    z.object({
      status: z.enum(['requested', 'succeeded', 'failed']),
      amountCents: z.number(),
      disputed: z.optional(z.boolean()),
    }),
  ),
});
export type SessionView = z.infer<typeof sessionView>;

export const bookingResult = z.object({ session: sessionView, checkoutUrl: z.optional(z.url()) });
export type BookingResult = z.infer<typeof bookingResult>;
