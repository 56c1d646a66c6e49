import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarInvite } from '../../functions/domain/calendar-invite';
import {
  sessionCancellationEmail,
  sessionConfirmationEmail,
  sessionNotBookedEmail,
  sessionRescheduledEmail,
} from '../../functions/domain/session-emails';

/** The invitation as a real client's parser reads it. */
function parsed(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    organizer: event.getFirstPropertyValue('organizer'),
    organizerName: event.getFirstProperty('organizer')?.getParameter('cn'),
    attendee: event.getFirstPropertyValue('attendee'),
    attendeeName: event.getFirstProperty('attendee')?.getParameter('cn'),
  };
}

const event = {
  uid: 'abc@physicianmentors',
  start: '2026-03-03T15:00:00Z',
  end: '2026-03-03T15:30:00Z',
  summary: 'Mentoring: Casey Coach, MD; career, leadership',
  description: 'A long description '.repeat(10),
  url: 'https://zoom.example/j/123',
  method: 'REQUEST' as const,
  sequence: 0,
  stampedAt: new Date('2026-03-01T00:00:00Z'),
  organizer: { name: 'Casey Coach, MD "the boss"', email: 'c@example.test' },
  attendee: { name: 'Jordan Reyes', email: 'm@example.test' },
};

describe('calendarInvite', () => {
  const ics = calendarInvite(event);

  it('writes an RFC 5545 event with CRLF lines and UTC times', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('DTSTART:20260303T150000Z\r\n');
    expect(ics).toContain('DTEND:20260303T153000Z\r\n');
    expect(ics).toContain('METHOD:REQUEST');
  });

  it('is an invitation a real parser reads: the mentor organizes, the mentee attends', () => {
    expect(parsed(ics)).toEqual({
      method: 'REQUEST',
      uid: 'abc@physicianmentors',
      sequence: 0,
      start: '2026-03-03T15:00:00.000Z',
      organizer: 'mailto:c@example.test',
      organizerName: 'Casey Coach, MD the boss',
      attendee: 'mailto:m@example.test',
      attendeeName: 'Jordan Reyes',
    });
  });

  it('escapes commas and semicolons in text', () => {
    expect(ics).toContain('SUMMARY:Mentoring: Casey Coach\\, MD\\; career\\, leadership');
  });

  it('folds lines longer than 75 octets', () => {
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).toContain('\r\n ');
  });

  it('marks a cancellation for calendars that hold the event', () => {
    const cancel = calendarInvite({ ...event, method: 'CANCEL', sequence: 1 });
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toContain('SEQUENCE:1');
  });
});

describe('sessionConfirmationEmail', () => {
  const mentee = { email: 'm@example.test', firstName: 'Jordan', lastName: 'Reyes', timezone: 'America/Chicago' };
  const coach = {
    email: 'c@example.test',
    firstName: 'Casey',
    lastName: 'Coach',
    credentials: 'MD',
    timezone: 'Asia/Tokyo',
  };
  const session = {
    id: 's1',
    start: '2026-03-03T15:00:00Z',
    end: '2026-03-03T15:30:00Z',
    durationMinutes: 30,
    priceCents: 7_500,
    isFreeConsultation: false,
    meetingUrl: null,
    meetingNote: 'Your mentor has not connected Zoom; they will send you the meeting link before the session.',
  };
  const letter = (role: 'coach' | 'mentee') =>
    sessionConfirmationEmail({
      recipient: role === 'mentee' ? mentee : coach,
      role,
      other: role === 'mentee' ? coach : mentee,
      session,
      siteOrigin: 'https://site.example',
      now: new Date('2026-03-01T00:00:00Z'),
    });

  it("states the time in each recipient's own zone", () => {
    expect(letter('mentee').text).toContain('Tuesday, March 3, 2026 at 9:00 AM CST');
    expect(letter('coach').text).toContain('Wednesday, March 4, 2026 at 12:00 AM GMT+9');
  });

  it('names the other party, the price and the missing meeting link, and attaches the invitation', () => {
    const mail = letter('mentee');
    expect(mail.to).toBe('m@example.test');
    expect(mail.text).toContain('Mentor: Casey Coach, MD');
    expect(mail.text).toContain('Price: $75');
    expect(mail.text).toContain('Your mentor will share the meeting link');
    expect(mail.attachments[0]?.content).toContain('UID:s1@physicianmentors');
  });

  it('gives the mentee Google Calendar and Outlook links for the same event beside the .ics, and not the coach', () => {
    const mail = letter('mentee');
    const google = new URL(/Add to Google Calendar: (\S+)/.exec(mail.text)?.[1] as string);
    expect(google.origin).toBe('https://calendar.google.com');
    expect(google.searchParams.get('dates')).toBe('20260303T150000Z/20260303T153000Z');
    expect(google.searchParams.get('text')).toBe('Mentoring: Casey Coach, MD');
    const outlook = new URL(/Add to Outlook: (\S+)/.exec(mail.text)?.[1] as string);
    expect(outlook.origin).toBe('https://outlook.office.com');
    expect(outlook.searchParams.get('startdt')).toBe('2026-03-03T15:00:00.000Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-03-03T15:30:00.000Z');
    expect(mail.html).toContain('Add to Google Calendar</a>');
    expect(letter('coach').text).not.toContain('Add to Google Calendar');
  });

  it('tells the coach when their own calendar could not be checked at booking, and only then', () => {
    const unchecked = sessionConfirmationEmail({
      recipient: coach,
      role: 'coach',
      other: mentee,
      session: { ...session, calendarUnchecked: true },
      siteOrigin: 'https://site.example',
      now: new Date('2026-03-01T00:00:00Z'),
    });
    expect(unchecked.text).toContain('Your calendar could not be checked');
    expect(letter('coach').text).not.toContain('could not be checked');
  });

  it('tells each reader, while Zoom is still asked for the meeting, that its link comes to the dashboard', () => {
    const pending = (role: 'coach' | 'mentee') =>
      sessionConfirmationEmail({
        recipient: role === 'mentee' ? mentee : coach,
        role,
        other: role === 'mentee' ? coach : mentee,
        session: { ...session, meetingNote: null },
        siteOrigin: 'https://site.example',
        now: new Date('2026-03-01T00:00:00Z'),
      }).text;
    expect(pending('mentee')).toContain(
      'Meeting link: Your meeting link is being created: it will be on your dashboard',
    );
    expect(pending('coach')).toContain('Meeting link: Your Zoom meeting is being created');
    expect(pending('coach')).not.toContain('connect Zoom');
  });

  it('tells each reader who brings the meeting link: the mentor, never the mentee', () => {
    expect(letter('coach').text).not.toContain('Your mentor');
    expect(letter('coach').text).toContain('send your mentee a meeting link');
    const cancelled = sessionCancellationEmail({
      recipient: coach,
      role: 'coach',
      other: mentee,
      session,
      reason: 'Conflict',
      cancelledBy: 'mentee',
      refundRequestedCents: 7_500,
      siteOrigin: 'https://site.example',
      now: new Date('2026-03-01T00:00:00Z'),
    });
    expect(cancelled.text).not.toContain('Your mentor');
    expect(cancelled.text).not.toContain('refund');
  });

  it("starts the calendar file's description with a capital letter", () => {
    expect(letter('mentee').attachments[0]?.content).toContain('DESCRIPTION:Mentoring session on Physician Mentors.');
  });

  it('moves the event a calendar holds: same UID, higher SEQUENCE, who moved it and why', () => {
    const moved = { ...session, start: '2026-03-05T15:00:00Z', end: '2026-03-05T15:30:00Z', rescheduleCount: 1 };
    const mail = sessionRescheduledEmail({
      recipient: mentee,
      role: 'mentee',
      other: coach,
      session: moved,
      movedBy: 'coach',
      reason: 'Called into surgery, see www.evil.example',
      previousStart: session.start,
      siteOrigin: 'https://site.example',
      now: new Date('2026-03-01T00:00:00Z'),
    });
    expect(mail.subject).toBe('Session rescheduled: Thursday, March 5, 2026 at 9:00 AM CST');
    expect(mail.text).toContain(
      'Casey Coach, MD moved your mentoring session from Tuesday, March 3, 2026 at 9:00 AM CST to Thursday, March 5, 2026 at 9:00 AM CST. Reason: Called into surgery, see [link removed]',
    );
    const original = parsed(letter('mentee').attachments[0]?.content as string);
    const invitation = parsed(mail.attachments[0]?.content as string);
    expect(invitation).toMatchObject({ method: 'REQUEST', uid: original.uid, start: '2026-03-05T15:00:00.000Z' });
    expect(invitation.sequence).toBeGreaterThan(original.sequence);
  });

  it('cancels with the same UID and a SEQUENCE above every move', () => {
    const cancelled = sessionCancellationEmail({
      recipient: mentee,
      role: 'mentee',
      other: coach,
      session: { ...session, rescheduleCount: 2 },
      reason: 'Conflict',
      cancelledBy: 'mentee',
      refundRequestedCents: null,
      siteOrigin: 'https://site.example',
      now: new Date('2026-03-01T00:00:00Z'),
    });
    const invitation = parsed(cancelled.attachments[0]?.content as string);
    expect(invitation).toMatchObject({ method: 'CANCEL', uid: 's1@physicianmentors', sequence: 3 });
    expect(invitation.organizer).toBe('mailto:c@example.test');
  });

  it('gives a cancelled session with a meeting no link to it, in the text or the calendar file, and says a plan session is included', () => {
    const withMeeting = { ...session, meetingUrl: 'https://zoom.example/j/123', meetingNote: null, paidBy: 'plan' };
    const cancelled = sessionCancellationEmail({
      recipient: mentee,
      role: 'mentee',
      other: coach,
      session: withMeeting,
      reason: 'Conflict',
      cancelledBy: 'coach',
      refundRequestedCents: null,
      siteOrigin: 'https://site.example',
      now: new Date('2026-03-01T00:00:00Z'),
    });
    for (const content of [cancelled.text, cancelled.html, cancelled.attachments[0]?.content]) {
      expect(content).not.toContain('/join');
      expect(content).not.toContain('zoom.example');
    }
    expect(cancelled.text).toContain('Price: Included in your plan');
  });

  it('tells a mentee whose payment came too late that the session is not booked and the refund is requested, with no meeting link', () => {
    const mail = sessionNotBookedEmail({
      recipient: mentee,
      role: 'mentee',
      other: coach,
      session: { ...session, meetingNote: null },
      reason: "The payment arrived after the session's start time; the payment is being refunded in full.",
      refundRequestedCents: 7_500,
      siteOrigin: 'https://site.example',
      now: new Date('2026-03-03T15:01:00Z'),
    });
    expect(mail.subject).toBe('Session not booked: Tuesday, March 3, 2026 at 9:00 AM CST');
    expect(mail.text).toContain(
      "Your mentoring session with Casey Coach, MD could not be booked. The payment arrived after the session's start time",
    );
    expect(mail.text).toContain('A refund of $75 to your card has been requested');
    expect(mail.text).not.toContain('Meeting link');
    expect(parsed(mail.attachments[0]?.content as string).method).toBe('CANCEL');
  });

  it('escapes names in the HTML body', () => {
    const mail = sessionConfirmationEmail({
      recipient: { ...mentee, firstName: '<b>Jordan</b>' },
      role: 'mentee',
      other: coach,
      session,
      siteOrigin: 'https://site.example',
      now: new Date(),
    });
    expect(mail.html).not.toContain('<b>Jordan</b>');
  });
});
