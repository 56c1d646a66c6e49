import { calendarConnection, calendarConnectionsOf } from '../../data/calendar-connections';
import { fullName } from '../../domain/display-name';
import { siteOrigin } from '../../runtime/site';
import { withAccess } from './calendar-access';
import type { BookingEvent, CalendarProvider, CalendarProviderId } from '../../domain/ports';

/** The coach's calendar event of a session: the mentee named, the meeting link, the session's id kept privately. */
export function bookingEventOf(
  session: { id: string; start: string; end: string; isFreeConsultation: boolean; meetingUrl?: string | null },
  mentee: { firstName: string; lastName: string },
): BookingEvent {
  const kind = session.isFreeConsultation ? 'Free consultation' : 'Mentoring session';
  return {
    sessionId: session.id,
    title: `${kind} with ${fullName(mentee)}`,
    description: `${kind} booked on Physician Mentors: ${siteOrigin()}/dashboard`,
    ...(session.meetingUrl ? { meetingUrl: session.meetingUrl } : {}),
    start: session.start,
    end: session.end,
  };
}

/** Where a booking was written: kept on the session, so a move or a cancellation finds it. */
export interface WrittenEvent {
  provider: CalendarProviderId;
  calendarId: string;
  eventId: string;
}

/** Writes the booking into the one calendar that receives bookings, if the mentor has one connected. */
export async function writeBookingEvent(coachId: string, event: BookingEvent, now: Date): Promise<WrittenEvent | null> {
  for (const item of await calendarConnectionsOf(coachId)) {
    const target = item.calendars.find((calendar) => calendar.receivesBookings);
    if (item.status !== 'connected' || !target) continue;
    const eventId = await withAccess(item, now, (provider, accessToken) =>
      provider.createEvent(accessToken, target.id, event),
    );
    return { provider: item.provider, calendarId: target.id, eventId };
  }
  return null;
}

async function onWrittenEvent(
  coachId: string,
  written: WrittenEvent,
  now: Date,
  call: (provider: CalendarProvider, accessToken: string) => Promise<void>,
) {
  const item = await calendarConnection(coachId, written.provider);
  // Disconnected since: the event stays in their calendar, as they left it.
  if (item?.status !== 'connected') return;
  await withAccess(item, now, call);
}

/** A rescheduled session's event, moved in place. */
export const moveBookingEvent = (coachId: string, written: WrittenEvent, event: BookingEvent, now: Date) =>
  onWrittenEvent(coachId, written, now, (provider, accessToken) =>
    provider.updateEvent(accessToken, written.calendarId, written.eventId, event),
  );

/** A cancelled session's event, deleted (already gone counts as deleted). */
export const deleteBookingEvent = (coachId: string, written: WrittenEvent, now: Date) =>
  onWrittenEvent(coachId, written, now, (provider, accessToken) =>
    provider.deleteEvent(accessToken, written.calendarId, written.eventId),
  );
