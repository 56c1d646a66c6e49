/** Every error code the API can answer with, and the HTTP status each maps to. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  OVERLAP: 409,
  SLOT_TAKEN: 409,
  FREE_CONSULT_USED: 409,
  /** Rescheduling (domain/rescheduling.ts): the session's moves are used up, it is too close to its start, or it cannot move at all. */
  RESCHEDULE_LIMIT: 409,
  TOO_LATE_TO_RESCHEDULE: 409,
  NOT_RESCHEDULABLE: 409,
  SETUP_INCOMPLETE: 409,
  ALREADY_RATED: 409,
  /** Neither paid nor a free consultation the mentee joined (domain/ratings.ts). */
  NOT_RATEABLE: 409,
  /** Session outcomes (domain/session-outcome.ts): a report outside its window, one on a session settled (or disputed) already, one on a session never held; a resolution of a session not disputed. */
  OUTCOME_WINDOW_CLOSED: 400,
  OUTCOME_FINAL: 409,
  NOT_HELD: 409,
  NOT_DISPUTED: 409,
  /** A dead letter with nothing to run again (a stream batch's record names the batch, not a payload). */
  NOT_REDRIVABLE: 409,
  /** The session has no meeting to join: not on, or no link yet (handlers/join-session.ts). */
  NO_MEETING_LINK: 409,
  TOO_MANY_UNPAID_HOLDS: 409,
  PASSWORD_ALREADY_SET: 409,
  /** The operation needs a fresh sign-in (a first password). */
  RECENT_SIGN_IN_REQUIRED: 403,
  /** Deleting an account needs an access token from a sign-in in the last few minutes (domain/account-deletion.ts). */
  FRESH_SIGN_IN_REQUIRED: 401,
  /** A coach's account still holds sessions, plan months or money; the details say which and until when (domain/money-held.ts). */
  MONEY_HELD: 409,
  /** The operation needs the caller to have two-step verification (an authenticator app) on. */
  MFA_REQUIRED: 403,
  /** Two-step verification is on, but this sign-in skipped it (Google, through the hosted UI). */
  MFA_SIGN_IN_REQUIRED: 403,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INVALID_CURSOR: 400,
  /** A daily per-user quota is spent (domain/quotas.ts); not 429, which the SPA reads as "wait a moment". */
  QUOTA_EXCEEDED: 409,
  /** A monthly plan and a Calendly booking link exclude each other (domain/plans.ts). */
  PLAN_CALENDLY_CONFLICT: 409,
  /** Messages: the two users have no booking (yet) that lets them talk. */
  NO_RELATIONSHIP: 403,
  /** Messages: the sender's own limit (domain/messages.ts), answered with Retry-After. */
  RATE_LIMITED: 429,
  /** Not ten digits with a valid check digit (domain/npi.ts). */
  INVALID_NPI: 400,
  /** A password reset's code is wrong or expired, or its address has no account (answered alike). */
  INVALID_RESET_LINK: 400,
  /** Plans: the mentee already has a plan with this mentor. */
  ALREADY_SUBSCRIBED: 409,
  /** Plans: this month's sessions of the plan are used (or it has none yet). */
  NO_CREDITS: 409,
  /** Plans: the last renewal failed; no plan bookings until the card is fixed. */
  SUBSCRIPTION_PAST_DUE: 409,
  /** Plans: the plan's first payment has not arrived, so there is nothing to cancel at Stripe yet. */
  PLAN_NOT_PAID: 409,
  /** Cancelling (domain/cancellation.ts): why this session cannot be cancelled now. */
  ALREADY_CANCELLED: 409,
  SESSION_OVER: 409,
  AWAITING_PAYMENT: 409,
  SESSION_STARTED: 409,
  TOO_LATE_TO_CANCEL: 409,
  /** A paid booking with a mentor whose payment account is not ready (a free consultation still is). */
  COACH_PAYMENTS_NOT_READY: 409,
  /** The caller's account is suspended by support: its still-valid tokens are refused too. */
  ACCOUNT_SUSPENDED: 403,
  /** Support: the user is suspended already, or (unsuspending) not suspended. */
  ALREADY_SUSPENDED: 409,
  NOT_SUSPENDED: 409,
  /** The mentor's account is suspended: no bookings of any kind, a plan's included. */
  COACH_SUSPENDED: 409,
  /** Support: the report was decided already (each is decided exactly once). */
  REPORT_DECIDED: 409,
  /** Another request changed the same item first (a lost transaction race): reload and try again. */
  CONCURRENT_CHANGE: 409,
  /** A calendar or meeting provider this deployment has no credentials for. */
  PROVIDER_NOT_CONFIGURED: 409,
  CALENDAR_NOT_CONNECTED: 409,
  /** Stripe webhook: another delivery of the same event is being applied; Stripe sends it again. */
  EVENT_IN_PROGRESS: 409,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * What a client that sends too much is told, by every layer that throttles: the WAF's rate rules
 * (lib/firewall.ts), and the SPA for API Gateway's own 429 (whose body an HTTP API cannot reshape).
 */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please wait a moment and try again.';

const DOMAIN_ERROR = Symbol.for('physician-mentors.DomainError');

/** A rule was broken; the HTTP layer maps `code` to a status and the shared error envelope. */
export class DomainError extends Error {
  readonly [DOMAIN_ERROR] = true;

  // `instanceof` by brand: the local stack's injected stand-ins throw their own copy of this class
  // into handlers that, run from their bundles, each carry another.
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && DOMAIN_ERROR in value;
  }

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown[],
    /** Sent as `Retry-After`: when asking again can succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
