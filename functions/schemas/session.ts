import * as z from 'zod';
import { SESSION_STATUSES } from '../domain/booking';
import { externalEventUri } from './external-calendar';

const instant = z.iso.datetime({ offset: true });

/**
 * `POST /api/sessions`: a slot of the built-in picker, or an event booked in the coach's external
 * calendar. Unknown fields (a price, say, or an event's times) are dropped: the server prices every
 * booking itself and reads an external event's times from the coach's calendar by its URI.
 */
export const newBooking = z.union([
  z.object({
    coachId: z.string().min(1).max(64),
    start: instant,
    durationMinutes: z.number().int(),
    freeConsultation: z.boolean().default(false),
  }),
  z.object({
    coachId: z.string().min(1).max(64),
    externalEvent: z.object({ uri: externalEventUri }),
  }),
]);
export type NewBooking = z.infer<typeof newBooking>;

export const sessionPath = z.object({ id: z.string().min(1).max(64) });

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
  cancellationReason: z.string().nullable(),
  cancelledBy: z.enum(['coach', 'mentee', 'system']).nullable(),
  meetingUrl: z.string().nullable(),
  /** Why there is no meeting link yet, when there is none. */
  meetingNote: z.string().nullable(),
  otherParty: z.object({
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    credentials: z.string().nullable(),
    specialty: z.string().nullable(),
  }),
  rating: z
    .object({
      rating: z.number(),
      reviewText: z.string().nullable(),
      moderationStatus: z.enum(['approved', 'rejected']),
      createdAt: z.string(),
    })
    .nullable(),
});
export type SessionView = z.infer<typeof sessionView>;

export const bookingResult = z.object({ session: sessionView, checkoutUrl: z.string().url().optional() });
export type BookingResult = z.infer<typeof bookingResult>;
