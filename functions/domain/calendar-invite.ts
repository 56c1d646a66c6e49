export interface InviteParty {
  name: string;
  email: string;
}

/** An iCalendar (RFC 5545) event, attached to booking e-mails so either party can add it in one click. */
export interface InviteEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  url?: string | null;
  /**
   * RFC 5546: REQUEST is an invitation a calendar files as one event it can later move (a REQUEST
   * with the same UID and a higher SEQUENCE) or remove (CANCEL, same UID, higher SEQUENCE).
   */
  method: 'REQUEST' | 'CANCEL';
  /** Raised each time the event changes: each move, and the cancellation after them. */
  sequence: number;
  /** The mentor, whose session it is; the platform sends it on their behalf. */
  organizer: InviteParty;
  /** The mentee. */
  attendee: InviteParty;
  stampedAt: Date;
}

const utcStamp = (iso: string | Date) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value (RFC 5545 section 3.2) is quoted and may hold no quote or control character. */
const paramText = (value: string) => `"${value.replace(/["\p{Cc}]/gu, '')}"`;

const address = (party: InviteParty) => `mailto:${party.email}`;

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 section 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarInvite(event: InviteEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Physician Mentors//Sessions//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stampedAt)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `ORGANIZER;CN=${paramText(event.organizer.name)}:${address(event.organizer)}`,
    `ATTENDEE;CN=${paramText(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${address(event.attendee)}`,
    ...(event.url ? [`URL:${event.url}`, `LOCATION:${escapeText(event.url)}`] : []),
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** `20260302T090000Z`: the compact UTC form Google's template link takes. */
const compactUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * One-click links that open the event in Google Calendar's and Outlook on the web's own "new event"
 * forms, for people who do not open an `.ics` attachment.
 */
export function addToCalendarLinks(event: {
  start: string;
  end: string;
  summary: string;
  description: string;
  url?: string | null;
}) {
  const google = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.summary,
    dates: `${compactUtc(event.start)}/${compactUtc(event.end)}`,
    details: event.description,
    ...(event.url ? { location: event.url } : {}),
  });
  const outlook = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.summary,
    startdt: new Date(event.start).toISOString(),
    enddt: new Date(event.end).toISOString(),
    body: event.description,
    ...(event.url ? { location: event.url } : {}),
  });
  return {
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: `https://outlook.office.com/calendar/0/deeplink/compose?${outlook}`,
  };
}
