import { calendarConnection, deleteCalendarConnection } from '../../data/calendar-connections';
import { log } from '../../runtime/log';
import { refreshBusyCacheQuietly } from './busy-times';
import { openTokens } from './calendar-access';
import type { CalendarProviderId } from '../../domain/ports';
import { calendarProvider } from '../../runtime/ports/calendars';

/** `DELETE /api/me/calendars/{provider}`: the grant revoked where the provider can, the tokens deleted. */
export async function disconnectCalendar(userId: string, providerId: CalendarProviderId, now: Date): Promise<void> {
  const item = await calendarConnection(userId, providerId);
  if (!item) return;
  const provider = calendarProvider(providerId);
  try {
    if (provider) await provider.revoke(await openTokens(item));
  } catch (error) {
    // The tokens go either way: the mentor asked us to stop, and without them we cannot act.
    log('warn', 'calendar grant could not be revoked at the provider', {
      userId,
      provider: providerId,
      error: String(error),
    });
  }
  await deleteCalendarConnection(userId, providerId);
  await refreshBusyCacheQuietly(userId, now);
}
