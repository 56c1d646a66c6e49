import { PAYMENT_ABANDONED_REASON, PAYMENT_EXPIRED_REASON, type SessionStatus } from './session-status';
import { formatPrice } from './money';

/**
 * The dashboard's status of a session (spec section 4, 'Dashboard display status'), derived from
 * its stored status and the clock. ARCHITECTURE section 6 settles the spec's open reading:
 * 'soon' is the nearer one (starting within one hour), 'upcoming' is further out.
 */
export type DisplayStatus = 'active' | 'soon' | 'upcoming' | 'past' | 'cancelled' | 'completed' | 'scheduled';

/** What a coach is told of a session without a meeting link: the stored note speaks to the mentee. */
export const COACH_NO_MEETING_NOTE =
  'No meeting link yet: connect Zoom in Settings, or send your mentee a meeting link before the session.';

/** Shown to both while Zoom is still being asked for the meeting (workflows/booking/session-meeting.ts). */
export const MEETING_LINK_PENDING_NOTE = 'The meeting link is being created.';

export const SOON_WINDOW_MS = 60 * 60 * 1000;

export interface TimedSession {
  status: SessionStatus;
  start: string;
  end: string;
}

export const DISPLAY_LABELS: Record<DisplayStatus, string> = {
  active: 'Live Now',
  soon: 'Starting Soon',
  upcoming: 'Upcoming',
  past: 'Past',
  cancelled: 'Cancelled',
  completed: 'Completed',
  scheduled: 'Scheduled',
};

const HELD: readonly SessionStatus[] = ['confirmed', 'scheduled'];

export function displayStatus(session: TimedSession, now: Date): DisplayStatus {
  if (session.status === 'cancelled') return 'cancelled';
  if (session.status === 'completed') return 'completed';
  // A pending payment never reaches the dashboard; should one, it shows as the spec's 'otherwise'.
  if (!HELD.includes(session.status)) return 'scheduled';
  const at = now.getTime();
  const start = Date.parse(session.start);
  const end = Date.parse(session.end);
  if (at >= end) return 'past';
  if (at >= start) return 'active';
  if (start - at <= SOON_WINDOW_MS) return 'soon';
  return 'upcoming';
}

export const displayLabel = (status: DisplayStatus) => DISPLAY_LABELS[status];

/** Upcoming section: active, soon, upcoming (and the 'otherwise' status); past section: the rest. */
export const sectionOf = (status: DisplayStatus): 'upcoming' | 'past' =>
  status === 'past' || status === 'completed' || status === 'cancelled' ? 'past' : 'upcoming';

export const canCancel = (status: DisplayStatus) => status === 'upcoming' || status === 'soon';

/**
 * The SPA page every join button and e-mailed meeting link opens: it signs the person in if need be,
 * records the mentee's join through the API and then opens the meeting (handlers/join-session.ts).
 */
export const sessionJoinPath = (sessionId: string) => `/sessions/${encodeURIComponent(sessionId)}/join`;

export const showsMeetingLink = (status: DisplayStatus) =>
  status === 'upcoming' || status === 'soon' || status === 'active';

/**
 * Only the mentee rates, only a finished session, and only once (spec sections 4 and 6). A session
 * past its end counts as finished before its completion job has run: rating it completes it.
 */
export const canRate = (status: DisplayStatus, viewerRole: 'coach' | 'mentee', hasRating: boolean) =>
  (status === 'completed' || status === 'past') && viewerRole === 'mentee' && !hasRating;

/**
 * The next instant at which `displayStatus` changes by the clock alone, or null when it never
 * will (cancelled, completed; a past session changes only when its completion job runs).
 */
export function nextBoundary(session: TimedSession, now: Date): Date | null {
  if (!HELD.includes(session.status)) return null;
  const at = now.getTime();
  const start = Date.parse(session.start);
  const end = Date.parse(session.end);
  const boundaries = [start - SOON_WINDOW_MS, start, end].filter((instant) => instant > at);
  return boundaries.length > 0 ? new Date(Math.min(...boundaries)) : null;
}

interface PricedSession {
  status: SessionStatus;
  priceCents: number;
  isFreeConsultation: boolean;
  cancellationReason: string | null;
  /** What became of the refund of a cancelled paid session, where the server says. */
  refund?: { status: 'requested' | 'succeeded' | 'failed' } | null;
  /** `plan`: one of the mentee's monthly plan sessions, not paid on its own. */
  paidBy?: 'plan';
}

/** A checkout left or let expire: a booking that never happened, not a cancelled session. */
export const isAbandonedCheckout = (session: Pick<PricedSession, 'status' | 'cancellationReason'>) =>
  session.status === 'cancelled' &&
  (session.cancellationReason === PAYMENT_ABANDONED_REASON || session.cancellationReason === PAYMENT_EXPIRED_REASON);

const REFUND_WORDS = { requested: 'refund requested', succeeded: 'refunded', failed: 'refund failed' } as const;

/** The price and where its payment stands, so both parties can match a session to money: '$60 · paid'. */
export function paymentLabel(session: PricedSession): string {
  if (session.paidBy === 'plan') return 'Monthly plan session';
  if (session.isFreeConsultation || session.priceCents === 0) return 'Free';
  const price = formatPrice(session.priceCents);
  if (session.status === 'pending_payment') return `${price} · awaiting payment`;
  if (isAbandonedCheckout(session)) return `${price} · not paid`;
  if (session.status === 'cancelled') return `${price} · ${REFUND_WORDS[session.refund?.status ?? 'succeeded']}`;
  return `${price} · paid`;
}

/** A cancelled paid session's refund as its card states it to each party. */
export function refundNote(
  refund: { status: 'requested' | 'succeeded' | 'failed'; amountCents: number; disputed?: boolean },
  viewerRole: 'coach' | 'mentee',
): string {
  const amount = formatPrice(refund.amountCents);
  const toWhom = viewerRole === 'mentee' ? 'to your card' : 'to the mentee';
  switch (refund.status) {
    case 'requested':
      return viewerRole === 'mentee'
        ? `Refund of ${amount} requested; we will e-mail you when it is confirmed.`
        : `Refund of ${amount} to the mentee requested.`;
    case 'succeeded':
      return `Refunded ${amount} ${toWhom}.`;
    case 'failed':
      return refund.disputed
        ? `Not refunded: the payment is disputed with the card issuer, who decides about the ${amount}.`
        : `The refund of ${amount} ${toWhom} failed; our team has been alerted and will make it right.`;
  }
}
