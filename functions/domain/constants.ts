/** Business constants from the spec (section 9). */
export const DEFAULT_HOURLY_RATE_CENTS = 7500;
export const MIN_HOURLY_RATE_CENTS = 100;
export const DEFAULT_PROFILE_TIME_ZONE = 'America/New_York';
export const DEFAULT_SLOT_TIME_ZONE = 'America/Chicago';
export const DEFAULT_DIRECTORY_TIME_ZONE = 'UTC';
