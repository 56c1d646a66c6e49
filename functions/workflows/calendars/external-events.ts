import { UnknownEventError } from '../../adapters/external-calendar';
import { serviceTokensOf, updateServiceTokens } from '../../data/service-connections';
import type { ProfileItem } from '../../domain/profile-item';
import type { BookingRequest } from '../../domain/booking';
import { DomainError } from '../../domain/errors';
import { externalCalendar } from '../../runtime/ports/external-calendar';

export const CALENDAR_NOT_CONNECTED_MESSAGE = "This mentor's calendar is not connected for bookings yet.";
const UNKNOWN_EVENT_MESSAGE = "This event was not found in the mentor's calendar.";

const invalid = (message: string): never => {
  throw new DomainError('VALIDATION_FAILED', message, [{ field: 'uri', message }]);
};

/**
 * Spec section 5, 'External calendar': an event scheduled in the coach's embed, read from the
 * coach's calendar itself (the browser only knows its URI), so its times can be trusted. Throws
 * 400 for an event that is not a calendar event, is cancelled, or not the coach's; 409 when the
 * coach has not connected the calendar. The interval rules themselves are planBooking's.
 */
export async function externalEventRequest(
  coach: ProfileItem,
  eventUri: string,
  now: Date,
): Promise<Extract<BookingRequest, { kind: 'external' }> & { eventType: string | null }> {
  if (!coach.calendlyUrl) invalid('This mentor does not take bookings through an external calendar.');
  const calendar = externalCalendar();
  const tokens = coach.calendlyConnected ? await serviceTokensOf('calendly', coach.userId) : null;
  if (!calendar || !tokens) throw new DomainError('CALENDAR_NOT_CONNECTED', CALENDAR_NOT_CONNECTED_MESSAGE);
  if (!calendar.isEventUri(eventUri)) invalid('This is not an event of the mentor’s calendar.');

  let event: Awaited<ReturnType<typeof calendar.scheduledEvent>>;
  try {
    event = await calendar.scheduledEvent(tokens, eventUri);
  } catch (error) {
    if (error instanceof UnknownEventError) throw new DomainError('NOT_FOUND', UNKNOWN_EVENT_MESSAGE);
    throw error;
  }
  if (event.tokens.accessToken !== tokens.accessToken) {
    await updateServiceTokens('calendly', coach.userId, event.tokens, now);
  }
  if (!tokens.account || !event.hosts.includes(tokens.account))
    throw new DomainError('NOT_FOUND', UNKNOWN_EVENT_MESSAGE);
  if (event.status !== 'active') invalid('This event was cancelled in the mentor’s calendar.');
  if (!event.start || !event.end) invalid('This event has no start or end time.');
  return {
    kind: 'external',
    start: new Date(event.start),
    end: new Date(event.end),
    eventType: event.name?.trim().slice(0, 200) || null,
  };
}
