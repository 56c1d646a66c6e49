/** The only place that builds DynamoDB keys. Patterns are listed in functions/data/README.md. */
export const DIRECTORY_PARTITION = 'PUBLISHED';

const USER_PREFIX = 'USER#';
const coachRatingsPartition = (coachId: string) => `COACH#${coachId}#RATINGS`;
const coachSessionsPartition = (coachId: string) => `COACH#${coachId}#SESSIONS`;

export const keys = {
  profile: (userId: string) => ({ pk: `${USER_PREFIX}${userId}`, sk: 'PROFILE' }),
  userIdOf: (pk: string) => pk.slice(USER_PREFIX.length),
  /** Sparse directory index entry, sorted by name so pages come out in a stable order. */
  directoryEntry: (coach: { userId: string; firstName: string; lastName: string }) => ({
    dirpk: DIRECTORY_PARTITION,
    dirsk: `${coach.lastName.toLowerCase()}#${coach.firstName.toLowerCase()}#${coach.userId}`,
  }),
  availability: (coachId: string, availabilityId: string) => ({ pk: `USER#${coachId}`, sk: `AVAIL#${availabilityId}` }),
  /** Bumped by every add, so concurrent adds of one coach serialise (see data/availability.ts). */
  availabilityVersion: (coachId: string) => ({ pk: `USER#${coachId}`, sk: 'AVAILVERSION' }),
  availabilityPrefix: (coachId: string) => ({ pk: `USER#${coachId}`, skPrefix: 'AVAIL#' }),
  /** Claimed once per (mentee, coach) with a conditional put when a free consultation is booked. */
  freeConsultation: (menteeId: string, coachId: string) => ({ pk: `USER#${menteeId}`, sk: `FREECONSULT#${coachId}` }),
  /** The mentee's unpaid holds on coaches' time (data/unpaid-holds.ts). */
  unpaidHolds: (menteeId: string) => ({ pk: `USER#${menteeId}`, sk: 'UNPAIDHOLDS' }),
  session: (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' }),
  coachSessionsPartition,
  /** Sessions of one coach by start time (gsi1) and of one mentee (gsi2). */
  sessionIndexes: (session: { id: string; coachId: string; menteeId: string; start: string }) => ({
    gsi1pk: coachSessionsPartition(session.coachId),
    gsi1sk: `${session.start}#${session.id}`,
    gsi2pk: `MENTEE#${session.menteeId}#SESSIONS`,
    gsi2sk: `${session.start}#${session.id}`,
  }),
  /** One 15-minute block of a coach's time, held by the session that booked it (see data/time-claims.ts). */
  timeClaim: (coachId: string, blockStart: string) => ({ pk: `USER#${coachId}`, sk: `BUSY#${blockStart}` }),
  /** A coach's Zoom tokens: their own item, so no profile read ever carries them. */
  meetingConnection: (userId: string) => ({ pk: `USER#${userId}`, sk: 'ZOOM' }),
  /** The OAuth `state` of one Zoom consent in flight, naming the user who started it; expires by TTL. */
  meetingConsent: (state: string) => ({ pk: `ZOOMSTATE#${state}`, sk: 'STATE' }),
  /** A coach's Calendly tokens: their own item, so no profile read ever carries them. */
  calendarConnection: (userId: string) => ({ pk: `USER#${userId}`, sk: 'CALENDLY' }),
  /** The OAuth `state` of one Calendly consent in flight, naming the user who started it; expires by TTL. */
  calendarConsent: (state: string) => ({ pk: `CALENDLYSTATE#${state}`, sk: 'STATE' }),
  /** An event the local Calendly stand-in scheduled (only when LOCAL_CALENDLY is set). */
  localCalendlyEvent: (eventId: string) => ({ pk: `LOCALCALENDLY#${eventId}`, sk: 'EVENT' }),
  rating: (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'RATING' }),
  /** Ratings of one coach in time order (gsi1). */
  coachRatingsPartition,
  coachRating: (coachId: string, createdAt: string, sessionId: string) => ({
    gsi1pk: coachRatingsPartition(coachId),
    gsi1sk: `${createdAt}#${sessionId}`,
  }),
  /** Which user a connected payment account belongs to, for the provider's events that name only the account. */
  paymentAccountOwner: (accountId: string) => ({ pk: `STRIPEACCOUNT#${accountId}`, sk: 'OWNER' }),
  /** Claimed once per provider event id, so a redelivered event has no second effect; expires by TTL. */
  processedWebhookEvent: (eventId: string) => ({ pk: `STRIPEEVENT#${eventId}`, sk: 'PROCESSED' }),
  /** The local stand-in's own record of a connected account (only when STRIPE_SECRET_KEY is not set). */
  localStripeAccount: (accountId: string) => ({ pk: `LOCALSTRIPE#${accountId}`, sk: 'ACCOUNT' }),
  /** The local stand-in's record of a Checkout Session. */
  localStripeCheckout: (checkoutId: string) => ({ pk: `LOCALSTRIPE#${checkoutId}`, sk: 'CHECKOUT' }),
};
