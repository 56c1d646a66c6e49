/** Business constants from the spec (section 9). */
export const DEFAULT_HOURLY_RATE_CENTS = 7500;
export const MIN_HOURLY_RATE_CENTS = 100;
/**
 * Stripe's smallest card charge in USD. The spec's $1.00 minimum rate makes a 15-minute session
 * 25 cents, so a paid booking below this is refused rather than sent to Stripe to fail.
 */
export const MIN_CARD_CHARGE_CENTS = 50;
export const DEFAULT_PROFILE_TIME_ZONE = 'America/New_York';
export const DEFAULT_SLOT_TIME_ZONE = 'America/Chicago';
export const DEFAULT_DIRECTORY_TIME_ZONE = 'UTC';
/** What a profile that never chose shows: its languages, and the length of its free consultation. */
export const DEFAULT_LANGUAGES = ['English'];
export const DEFAULT_FREE_CONSULT_MINUTES = 15;

export const SESSION_DURATIONS_MINUTES = [15, 30, 60] as const;
export type SessionDurationMinutes = (typeof SESSION_DURATIONS_MINUTES)[number];

/** Mentees book from now up to this many days ahead. */
export const BOOKING_HORIZON_DAYS = 30;
export const SLOT_STEP_MINUTES = 30;
export const MAX_SLOTS_PER_WINDOW = 50;

/** Coaches with fewer ratings than this carry the 'New Mentor' badge. */
export const NEW_MENTOR_RATINGS_BELOW = 3;

/**
 * Unpaid 30-minute holds one mentee may have at once: enough to compare a few mentors' checkouts,
 * too few to keep a coach's calendar blocked by booking and never paying.
 */
export const MAX_UNPAID_HOLDS = 3;
