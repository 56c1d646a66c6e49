/** A party may report how a session went from this long after its start... */
export const OUTCOME_REPORTS_OPEN_MINUTES_AFTER_START = 10;
/** ...until this long after its end; a session nobody reported on by then was delivered. */
export const OUTCOME_WINDOW_HOURS_AFTER_END = 48;
