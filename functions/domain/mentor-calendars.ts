import { coachingSettingsNotice } from './coaching-settings-notice';
import { DomainError } from './errors';

export type ConnectionStatus = 'connected' | 'reauth_required';

/** One calendar of a connected account and what the mentor chose for it. */
export interface CalendarChoice {
  id: string;
  name: string;
  primary: boolean;
  /** Its busy times block the mentor's slots. */
  blocksTime: boolean;
  /** Bookings are written into it; exactly one calendar of a connection does. */
  receivesBookings: boolean;
}

/** Right after connecting: the primary calendar blocks time and receives bookings, the others do nothing. */
export function initialChoices(calendars: readonly { id: string; name: string; primary: boolean }[]): CalendarChoice[] {
  return calendars.map((calendar) => ({
    ...calendar,
    blocksTime: calendar.primary,
    receivesBookings: calendar.primary,
  }));
}

function invalid(message: string): never {
  throw new DomainError('VALIDATION_FAILED', message, [{ field: 'calendars', message }]);
}

/**
 * The mentor's new choices over the connection's calendars: every calendar named must be one of
 * the connection's, a calendar left out keeps its choice, and exactly one receives bookings.
 */
export function applyChoices(
  current: readonly CalendarChoice[],
  requested: readonly { id: string; blocksTime: boolean; receivesBookings: boolean }[],
): CalendarChoice[] {
  const byId = new Map(requested.map((choice) => [choice.id, choice]));
  if (byId.size !== requested.length) invalid('Name each calendar once.');
  for (const id of byId.keys()) {
    if (!current.some((calendar) => calendar.id === id)) invalid('That calendar is not part of this connection.');
  }
  const next = current.map((calendar) => {
    const choice = byId.get(calendar.id);
    return choice
      ? { ...calendar, blocksTime: choice.blocksTime, receivesBookings: choice.receivesBookings }
      : calendar;
  });
  if (next.filter((calendar) => calendar.receivesBookings).length !== 1) {
    invalid('Choose exactly one calendar to receive bookings.');
  }
  return next;
}

/** Sent once when a calendar connection stops working (the provider answered invalid_grant). */
export function calendarReauthEmail(
  mentor: { email: string; firstName: string },
  providerLabel: string,
  siteOrigin: string,
) {
  return coachingSettingsNotice({
    mentor,
    subject: `Reconnect your ${providerLabel}`,
    lead: `${providerLabel} stopped letting Physician Mentors see your calendar, so busy times there no longer block your booking slots and new bookings are not added to it.`,
    action: 'Reconnect it in your coaching settings to keep mentees from booking times you are busy.',
    siteOrigin,
    linkLabel: 'Open coaching settings',
  });
}
