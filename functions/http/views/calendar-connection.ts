import type { CalendarConnectionView } from '../../schemas/mentor-calendars';

/** A calendar connection as its mentor sees it: never a token. */
export const toCalendarConnectionView = ({
  provider,
  account,
  status,
  calendars,
}: CalendarConnectionView): CalendarConnectionView => ({
  provider,
  account,
  status,
  calendars: calendars.map(({ id, name, primary, blocksTime, receivesBookings }) => ({
    id,
    name,
    primary,
    blocksTime,
    receivesBookings,
  })),
});
