import * as z from './zod';

/** The URI of an event the coach's calendar embed scheduled (all the embed tells the page). */
export const externalEventUri = z.string().check(z.trim(), z.url(), z.maxLength(500));

/** `GET /api/coaches/{coachId}/external-events?uri=…`. */
export const externalEventQuery = z.object({ uri: externalEventUri });

/** The event as the server read it from the coach's calendar, priced like the booking will be. */
export const externalEventView = z.object({
  start: z.string(),
  end: z.string(),
  durationMinutes: z.int(),
  eventType: z.nullable(z.string()),
  priceCents: z.int(),
});
export type ExternalEventView = z.infer<typeof externalEventView>;
