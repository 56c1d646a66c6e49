import { type CalendarConnectionItem, updateCalendarChoices } from '../../data/calendar-connections';
import { applyChoices } from '../../domain/mentor-calendars';
import { refreshBusyCacheQuietly } from './busy-times';
import { existingConnection } from './calendar-access';
import type { CalendarProviderId } from '../../domain/ports';

/** `PATCH /api/me/calendars/{provider}`: which calendars block time, and the one that receives bookings. */
export async function chooseCalendars(
  userId: string,
  provider: CalendarProviderId,
  requested: readonly { id: string; blocksTime: boolean; receivesBookings: boolean }[],
  now: Date,
): Promise<CalendarConnectionItem> {
  const item = await existingConnection(userId, provider);
  const calendars = applyChoices(item.calendars, requested);
  await updateCalendarChoices(userId, provider, calendars, now);
  await refreshBusyCacheQuietly(userId, now);
  return { ...item, calendars };
}
