import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CALENDAR_CLIENTS } from '../../bin/local/calendar-standins';
import { readMailbox } from '../../bin/local/mailbox';
import { GOOGLE_CALENDAR_SCOPES } from '../../functions/adapters/google-calendar';
import { getSession } from '../../functions/data/sessions';
import { handler as remindDayBefore } from '../../functions/jobs/remind-day-before';
import { sessionView } from '../../functions/schemas/session';
import { storeNewConnection } from '../../functions/workflows/calendars/connect-calendar';
import { storedBooking } from '../support/bookings';
import { at, publishedCoach } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';
import { calendarProvider } from '../../functions/runtime/ports/calendars';

let stack: TestStack;
let coach: SignedInUser;
let mentee: SignedInUser;
let other: SignedInUser;
let stranger: SignedInUser;

const HOUR_MS = 60 * 60_000;

const call = (user: SignedInUser, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const reschedule = (user: SignedInUser, sessionId: string, start: string, reason = 'Clinic ran over') =>
  call(user, 'POST', `/api/sessions/${sessionId}/reschedule`, { start, reason });

/** A paid one-hour booking by `user`: 201 when the time was free (it holds the time while unpaid). */
const book = (user: SignedInUser, start: string) =>
  call(user, 'POST', '/api/sessions', { coachId: coach.userId, start, durationMinutes: 60 });

const held = (start: string) => storedBooking({ coachId: coach.userId, menteeId: mentee.userId }, start);

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

/** The session's invitations in the mailbox, as a real client's parser reads them. */
async function invitationsOf(sessionId: string) {
  const mails = await readMailbox(stack.mailboxFile);
  return mails.flatMap((mail) =>
    (mail.attachments ?? [])
      .filter((attachment) => attachment.content.includes(`UID:${sessionId}@`))
      .map((attachment) => {
        const calendar = new ICAL.Component(ICAL.parse(attachment.content));
        const event = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
        return {
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          method: calendar.getFirstPropertyValue('method'),
          uid: event.getFirstPropertyValue('uid'),
          sequence: Number(event.getFirstPropertyValue('sequence')),
          start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
        };
      }),
  );
}

beforeAll(async () => {
  stack = await startTestStack();
  coach = await publishedCoach(stack.config, { payments: true });
  [mentee, other, stranger] = await Promise.all([
    signedInUserWithProfile(stack.config, 'mentee'),
    signedInUserWithProfile(stack.config, 'mentee'),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
}, 120_000);

afterAll(async () => {
  await stack?.dispose();
});

describe('moving a session', () => {
  it('frees the old time, takes the new one, tells both parties with an invitation that moves the event, and re-arms the reminders', async () => {
    const session = await held(at(5, 10));
    await stack.jobsSettled();
    const response = await reschedule(mentee, session.id, at(6, 14), '  A clinic shift moved  ');
    expect(response.status).toBe(200);
    const view = sessionView.parse(await response.json());
    expect(view).toMatchObject({ start: at(6, 14), end: at(6, 15), rescheduleCount: 1, priceCents: 12_000 });
    expect(view.history).toEqual([
      { from: at(5, 10), to: at(6, 14), by: 'mentee', reason: 'A clinic shift moved', at: expect.any(String) },
    ]);

    expect((await book(other, at(5, 10))).status).toBe(201);
    const taken = await book(other, at(6, 14));
    expect(taken.status).toBe(409);
    expect(await errorCode(taken)).toBe('SLOT_TAKEN');

    await stack.jobsSettled();
    const invitations = await invitationsOf(session.id);
    const confirmations = invitations.filter((mail) => mail.subject.startsWith('Session confirmed'));
    const moves = invitations.filter((mail) => mail.subject.startsWith('Session rescheduled'));
    expect(moves.map((mail) => mail.to).sort()).toEqual([coach.email, mentee.email].sort());
    for (const move of moves) {
      expect(move).toMatchObject({
        method: 'REQUEST',
        uid: `${session.id}@physicianmentors`,
        start: new Date(at(6, 14)).toISOString(),
      });
      expect(move.sequence).toBeGreaterThan(confirmations[0]?.sequence ?? Number.POSITIVE_INFINITY);
      expect(move.text).toContain('Reason: A clinic shift moved');
    }
    expect(moves.find((mail) => mail.to === coach.email)?.text).toContain('moved your mentoring session from');

    const pending = stack
      .pendingSchedules()
      // A finishBooking that found its twin at work retries a minute later: not one of the session's times.
      .filter((schedule) => schedule.sessionId === session.id && schedule.job !== 'finishBooking')
      .map(({ job, at: time }) => [job, time])
      .sort();
    const newStart = Date.parse(at(6, 14));
    expect(pending).toEqual(
      [
        ['completeSession', new Date(Date.parse(at(6, 15))).toISOString()],
        ['remindDayBefore', new Date(newStart - 24 * HOUR_MS).toISOString()],
        ['remindHourBefore', new Date(newStart - HOUR_MS).toISOString()],
      ].sort(),
    );
    const before = (await readMailbox(stack.mailboxFile)).length;
    expect(await remindDayBefore({ sessionId: session.id })).toEqual({ applied: true });
    const reminders = (await readMailbox(stack.mailboxFile)).slice(before);
    expect(reminders).toHaveLength(2);
    for (const reminder of reminders) {
      const [invitation] = (reminder.attachments ?? []).map((attachment) => attachment.content);
      expect(invitation).toContain(`DTSTART:${at(6, 14).replace(/[-:]/g, '')}`);
    }
  });

  it('lets exactly one of two concurrent moves win, and leaves the other time free', async () => {
    const session = await held(at(7, 10));
    const responses = await Promise.all([
      reschedule(mentee, session.id, at(7, 12)),
      reschedule(coach, session.id, at(7, 16)),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const stored = await getSession(session.id);
    expect(stored?.rescheduleCount).toBe(1);
    const loser = stored?.start === at(7, 12) ? at(7, 16) : at(7, 12);
    expect([at(7, 12), at(7, 16)]).toContain(stored?.start);
    expect((await book(other, loser)).status).toBe(201);
    expect((await book(stranger, at(7, 10))).status).toBe(201);
    expect((await book(stranger, stored?.start as string)).status).toBe(409);
  });

  it('against a booking of the same time, leaves exactly one winner', async () => {
    const session = await held(at(8, 10));
    const [moved, booked] = await Promise.all([reschedule(mentee, session.id, at(8, 13)), book(stranger, at(8, 13))]);
    expect([moved.status, booked.status]).toEqual(moved.status === 200 ? [200, 409] : [409, 201]);
    const stored = await getSession(session.id);
    // The loser's time is as it was: a moved session let go of its old time, an unmoved one holds it.
    expect((await book(other, at(8, 10))).status).toBe(moved.status === 200 ? 201 : 409);
    expect(stored?.start).toBe(moved.status === 200 ? at(8, 13) : at(8, 10));
  });
});

describe('who may move what', () => {
  it('answers 404 to anyone but its parties', async () => {
    const session = await held(at(9, 10));
    const response = await reschedule(stranger, session.id, at(9, 12));
    expect(response.status).toBe(404);
    expect((await getSession(session.id))?.start).toBe(at(9, 10));
  });

  it('refuses a bad reason or start, a late mentee, a third move and a cancelled session, with their codes', async () => {
    const session = await held(at(10, 10));
    expect((await reschedule(mentee, session.id, at(10, 12), '   ')).status).toBe(400);
    expect((await reschedule(mentee, session.id, 'soon')).status).toBe(400);
    const outside = await reschedule(mentee, session.id, at(40, 12));
    expect(outside.status).toBe(400);

    expect((await reschedule(mentee, session.id, at(10, 12))).status).toBe(200);
    expect((await reschedule(coach, session.id, at(10, 14))).status).toBe(200);
    const third = await reschedule(coach, session.id, at(10, 16));
    expect(third.status).toBe(409);
    expect(await errorCode(third)).toBe('RESCHEDULE_LIMIT');

    const soon = await storedBooking(
      { coachId: coach.userId, menteeId: mentee.userId },
      new Date(Math.ceil((Date.now() + 3 * HOUR_MS) / HOUR_MS) * HOUR_MS).toISOString().replace('.000Z', 'Z'),
    );
    const late = await reschedule(mentee, soon.id, at(11, 12));
    expect(late.status).toBe(409);
    expect(await errorCode(late)).toBe('TOO_LATE_TO_RESCHEDULE');
    expect((await reschedule(coach, soon.id, at(11, 12))).status).toBe(200);

    const cancelled = await held(at(12, 10));
    expect((await call(mentee, 'POST', `/api/sessions/${cancelled.id}/cancel`, { reason: 'Ill' })).status).toBe(200);
    const refused = await reschedule(coach, cancelled.id, at(12, 12));
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('NOT_RESCHEDULABLE');
  });
});

describe("with the coach's own calendar connected", () => {
  it('checks the new time live, and moves the booking event in place', async () => {
    const calendarCoach = await publishedCoach(stack.config, { payments: true });
    const account = calendarCoach.email;
    // Connected as the demo mentor's calendar is (bin/local/seed.ts): the stand-in's grant without its consent page.
    const granted = stack.calendarStandIns.grantWithoutConsent(
      'google',
      account,
      LOCAL_CALENDAR_CLIENTS.google.clientId,
      GOOGLE_CALENDAR_SCOPES.join(' '),
    );
    const tokens = {
      accessToken: granted.accessToken,
      refreshToken: granted.refreshToken,
      expiresAt: new Date(Date.now() + granted.expiresIn * 1000 - 60_000).toISOString(),
    };
    await storeNewConnection(calendarCoach.userId, calendarProvider('google')!, tokens, new Date());
    const session = await storedBooking({ coachId: calendarCoach.userId, menteeId: mentee.userId }, at(14, 10));
    await stack.jobsSettled();
    const written = (await getSession(session.id))?.calendarEvent;
    expect(written?.provider).toBe('google');

    stack.calendarStandIns.addEvent('google', account, {
      calendarId: account,
      summary: 'Clinic',
      start: at(14, 13),
      end: at(14, 14),
      allDay: false,
      transparent: false,
      privateProperties: {},
    });
    const busy = await reschedule(mentee, session.id, at(14, 13));
    expect(busy.status).toBe(409);
    expect(await errorCode(busy)).toBe('SLOT_TAKEN');

    // Half an hour later overlaps only the session's own event, which does not count as busy.
    expect((await reschedule(mentee, session.id, at(14, 10.5))).status).toBe(200);
    await stack.jobsSettled();
    const events = stack.calendarStandIns.events('google', account).filter((event) => !event.cancelled);
    const moved = events.filter((event) => event.id === written?.eventId);
    expect(moved.map((event) => new Date(event.start).toISOString())).toEqual([new Date(at(14, 10.5)).toISOString()]);
    expect(events.filter((event) => event.summary !== 'Clinic')).toHaveLength(1);
  });
});
