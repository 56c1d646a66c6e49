import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandInEvent } from '../../bin/local/calendar-standin-store';
import { lambdaHandler } from '../../bin/local/lambda-modules';
import { readMailbox } from '../../bin/local/mailbox';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { CALENDAR_UNCHECKED_NOTE } from '../../functions/domain/session-emails';
import { calendarConnectionList, calendarConnectionView } from '../../functions/schemas/mentor-calendars';
import { at, publishedCoach } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.dispose();
});

type Provider = 'google' | 'microsoft';

/** A browser: the cookies the API set, sent back on every request (as a browser sends its SameSite=Lax ones here). */
class Browser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = (pair as string).split('=');
      if (/Max-Age=0/.test(line)) this.cookies.delete(name as string);
      else this.cookies.set(name as string, value as string);
    }
    return response;
  }
}

/** What the consent page's form POST answers: the provider's redirect back to our callback. */
async function consent(url: string, account: string, decision: 'allow' | 'deny'): Promise<URL> {
  const local = new URL(url);
  const page = await fetch(`${stack.apiUrl}${local.pathname}${local.search}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('name="account"');
  const answer = await fetch(`${stack.apiUrl}${local.pathname}${local.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, decision }),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') as string);
}

async function startConnect(browser: Browser, user: SignedInUser, provider: Provider): Promise<string> {
  const response = await browser.fetch(`${stack.apiUrl}/api/me/calendars/${provider}/connect`, {
    method: 'POST',
    headers: user.auth,
  });
  expect(response.status).toBe(200);
  expect(response.headers.getSetCookie().join()).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/);
  return ((await response.json()) as { url: string }).url;
}

/** Follows the redirect to our callback in `browser`; answers where the callback sends it. */
async function callback(browser: Browser, answer: URL): Promise<URL> {
  const response = await browser.fetch(`${stack.apiUrl}${answer.pathname}${answer.search}`);
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') as string);
}

async function connect(user: SignedInUser, provider: Provider, account: string) {
  const browser = new Browser();
  const back = await callback(browser, await consent(await startConnect(browser, user, provider), account, 'allow'));
  expect(`${back.pathname}${back.search}`).toBe('/settings?tab=coaching&calendar=connected');
}

const myCalendars = async (user: SignedInUser) => {
  const response = await fetch(`${stack.apiUrl}/api/me/calendars`, { headers: user.auth });
  expect(response.status).toBe(200);
  return calendarConnectionList.parse(await response.json()).connections;
};

const control = (provider: Provider, path: string, init: RequestInit = {}) =>
  fetch(`${stack.apiUrl}/_local/${provider}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });

const addEvent = async (provider: Provider, account: string, event: Record<string, unknown>) => {
  const response = await control(provider, `/calendars/${encodeURIComponent(account)}/events`, {
    method: 'POST',
    body: JSON.stringify(event),
  });
  expect(response.status).toBe(201);
};

const eventsOf = async (provider: Provider, account: string): Promise<StandInEvent[]> =>
  (
    (await (await control(provider, `/calendars/${encodeURIComponent(account)}/events`)).json()) as {
      events: StandInEvent[];
    }
  ).events;

const refreshJob = async () => (await lambdaHandler('refreshCalendarBusy'))({});

const slotStarts = async (coachId: string, day: number) => {
  const query = new URLSearchParams({ from: at(day, 0), to: at(day + 1, 0), duration: '30' });
  const response = await fetch(`${stack.apiUrl}/api/coaches/${coachId}/slots?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { slots: { start: string }[] }).slots.map((slot) => slot.start);
};

const bookFree = async (coachId: string, start: string) => {
  const mentee = await signedInUserWithProfile(stack.config, 'mentee');
  return fetch(`${stack.apiUrl}/api/sessions`, {
    method: 'POST',
    headers: { ...mentee.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ coachId, start, durationMinutes: 30, freeConsultation: true }),
  }).then(async (response) => ({ response, mentee, body: await response.json() }));
};

let uniqueAccount = 0;
const newAccount = () => `mentor${++uniqueAccount}-${Date.now()}@clinic.example`;

describe('connecting a Google calendar', () => {
  it('exchanges the code with PKCE server-side, picks the primary calendar and keeps the tokens only encrypted, by KMS', async () => {
    const mentor = await publishedCoach(stack.config, { payments: false });
    stack.requestLog.clear('kms');
    const account = newAccount();
    await connect(mentor, 'google', account);
    const [connection] = await myCalendars(mentor);
    expect(connection).toMatchObject({ provider: 'google', account, status: 'connected' });
    expect(connection?.calendars).toEqual([
      { id: account, name: account, primary: true, blocksTime: true, receivesBookings: true },
      expect.objectContaining({ name: 'Clinic rota', primary: false, blocksTime: false, receivesBookings: false }),
    ]);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.mentorCalendar(mentor.userId, 'google') }),
    );
    expect(JSON.stringify(Item)).not.toMatch(/google-(refresh|access)-/);
    expect(stack.requestLog.list('kms')).toContainEqual(expect.objectContaining({ action: 'Encrypt', status: 200 }));
  });

  it('sends a denied consent back with calendar_error', async () => {
    const mentor = await publishedCoach(stack.config, { payments: false });
    const browser = new Browser();
    const back = await callback(
      browser,
      await consent(await startConnect(browser, mentor, 'google'), newAccount(), 'deny'),
    );
    expect(back.searchParams.get('calendar_error')).toBe('Google Calendar access was not granted.');
    expect(await myCalendars(mentor)).toEqual([]);
  });

  it('refuses a state brought back by another browser, another user, or twice', async () => {
    const victim = await publishedCoach(stack.config, { payments: false });
    const attacker = await publishedCoach(stack.config, { payments: false });
    const victimBrowser = new Browser();
    const answer = await consent(await startConnect(victimBrowser, victim, 'google'), newAccount(), 'allow');

    const strangerBack = await callback(new Browser(), answer);
    expect(strangerBack.searchParams.get('calendar_error')).toMatch(/another browser/);

    // The attacker's browser holds a binding of its own, for its own consent: not this state's.
    const attackerBrowser = new Browser();
    const attackerAnswer = await consent(
      await startConnect(attackerBrowser, attacker, 'google'),
      newAccount(),
      'allow',
    );
    const victimAnswer = await consent(await startConnect(victimBrowser, victim, 'google'), newAccount(), 'allow');
    expect((await callback(attackerBrowser, victimAnswer)).searchParams.get('calendar_error')).toMatch(
      /another browser/,
    );
    expect(await myCalendars(victim)).toEqual([]);
    expect(await myCalendars(attacker)).toEqual([]);

    // A state is used once, even by the browser that started it.
    expect((await callback(attackerBrowser, attackerAnswer)).searchParams.get('calendar')).toBe('connected');
    expect((await callback(attackerBrowser, attackerAnswer)).searchParams.get('calendar_error')).toMatch(/expired/);
  });

  it('is for mentors only, and for providers we know', async () => {
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const post = (provider: string) =>
      fetch(`${stack.apiUrl}/api/me/calendars/${provider}/connect`, { method: 'POST', headers: mentee.auth });
    expect((await post('google')).status).toBe(403);
    expect((await post('yahoo')).status).toBe(400);
  });
});

describe('choosing calendars', () => {
  it('lets the mentor pick calendars that block time and exactly one that receives bookings', async () => {
    const mentor = await publishedCoach(stack.config, { payments: false });
    const account = newAccount();
    await connect(mentor, 'google', account);
    const [connection] = await myCalendars(mentor);
    const clinic = connection?.calendars[1]?.id as string;
    const patch = (calendars: unknown[]) =>
      fetch(`${stack.apiUrl}/api/me/calendars/google`, {
        method: 'PATCH',
        headers: { ...mentor.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ calendars }),
      });

    const twoReceive = await patch([{ id: clinic, blocksTime: true, receivesBookings: true }]);
    expect(twoReceive.status).toBe(400);
    expect((await patch([{ id: 'not-mine', blocksTime: true, receivesBookings: false }])).status).toBe(400);

    const chosen = await patch([
      { id: account, blocksTime: true, receivesBookings: false },
      { id: clinic, blocksTime: true, receivesBookings: true },
    ]);
    expect(chosen.status).toBe(200);
    expect(
      calendarConnectionView.parse(await chosen.json()).calendars.map((c) => [c.blocksTime, c.receivesBookings]),
    ).toEqual([
      [true, false],
      [true, true],
    ]);
    const other = await signedInUserWithProfile(stack.config, 'mentor');
    const theirs = await fetch(`${stack.apiUrl}/api/me/calendars/google`, {
      method: 'PATCH',
      headers: { ...other.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ calendars: [{ id: account, blocksTime: true, receivesBookings: true }] }),
    });
    expect(theirs.status).toBe(404);
  });
});

describe('busy times', () => {
  it('a busy event removes its slots within the minute job, a transparent or cancelled one does not, an all-day one blocks the day', async () => {
    const mentor = await publishedCoach(stack.config, { payments: false });
    const account = newAccount();
    await connect(mentor, 'google', account);
    expect(await slotStarts(mentor.userId, 3)).toContain(at(3, 10));

    await addEvent('google', account, { summary: 'Clinic', start: at(3, 10), end: at(3, 11) });
    await addEvent('google', account, {
      summary: 'Focus',
      start: at(3, 14),
      end: at(3, 15),
      transparency: 'transparent',
    });
    await addEvent('google', account, { summary: 'Called off', start: at(3, 16), end: at(3, 17), cancelled: true });
    await addEvent('google', account, { summary: 'Conference', start: at(5, 0), end: at(6, 0), allDay: true });
    // The slots read only the cache, so nothing changes until the job reads the calendar again.
    expect(await slotStarts(mentor.userId, 3)).toContain(at(3, 10));
    await refreshJob();

    const day = await slotStarts(mentor.userId, 3);
    expect(day).toContain(at(3, 9.5)); // ends as the event begins
    expect(day).not.toContain(at(3, 10));
    expect(day).not.toContain(at(3, 10.5));
    expect(day).toContain(at(3, 11));
    expect(day).toContain(at(3, 14));
    expect(day).toContain(at(3, 16));
    expect(await slotStarts(mentor.userId, 5)).toEqual([]);
  });

  it('reads Microsoft calendarView the same way, paging past its first page', async () => {
    const mentor = await publishedCoach(stack.config, { payments: false });
    const account = newAccount();
    await connect(mentor, 'microsoft', account);
    // More than Graph's page: the one that blocks comes last.
    for (let hour = 0; hour < 12; hour++) {
      await addEvent('microsoft', account, {
        summary: `Free ${hour}`,
        start: at(4, hour),
        end: at(4, hour + 0.5),
        transparency: 'transparent',
      });
    }
    await addEvent('microsoft', account, { summary: 'Theatre', start: at(4, 15), end: at(4, 16) });
    await refreshJob();
    const day = await slotStarts(mentor.userId, 4);
    expect(day).not.toContain(at(4, 15));
    expect(day).toContain(at(4, 1));
    expect(day).toContain(at(4, 16));
  });
});

describe('booking against the mentor calendar', () => {
  it('refuses time that turned busy since the slots were read (live check), with 409 SLOT_TAKEN', async () => {
    const mentor = await publishedCoach(stack.config, { payments: false });
    const account = newAccount();
    await connect(mentor, 'google', account);
    await addEvent('google', account, { summary: 'Ward round', start: at(6, 9), end: at(6, 10) });
    expect(await slotStarts(mentor.userId, 6)).toContain(at(6, 9)); // not yet refreshed
    const { response, body } = await bookFree(mentor.userId, at(6, 9));
    expect(response.status).toBe(409);
    expect(body.error.code).toBe('SLOT_TAKEN');
  });

  it('takes a Google answer with calendar errors as a failed read, not free time: the cache stays and the time stays busy', async () => {
    const mentor = await publishedCoach(stack.config, { payments: false });
    const account = newAccount();
    await connect(mentor, 'google', account);
    await addEvent('google', account, { summary: 'Clinic', start: at(8, 10), end: at(8, 11) });
    await refreshJob();
    expect(await slotStarts(mentor.userId, 8)).not.toContain(at(8, 10));
    await control('google', `/faults/${encodeURIComponent(account)}`, {
      method: 'PUT',
      body: JSON.stringify({ fault: 'calendar_errors' }),
    });
    try {
      await refreshJob();
      expect(await slotStarts(mentor.userId, 8)).not.toContain(at(8, 10));
      const { response, body } = await bookFree(mentor.userId, at(8, 10));
      expect(response.status).toBe(409);
      expect(body.error.code).toBe('SLOT_TAKEN');
    } finally {
      await control('google', `/faults/${encodeURIComponent(account)}`, { method: 'DELETE' });
    }
  });

  it('books when the calendar does not answer within 2 s, on the cached busy times, and tells the mentor', async () => {
    const mentor = await publishedCoach(stack.config, { payments: false });
    const account = newAccount();
    await connect(mentor, 'google', account);
    await control('google', `/faults/${encodeURIComponent(account)}`, {
      method: 'PUT',
      body: JSON.stringify({ fault: 'slow' }),
    });
    try {
      const started = Date.now();
      const { response, body } = await bookFree(mentor.userId, at(7, 9));
      expect(response.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(6_000);
      await stack.jobsSettled();
      const mails = (await readMailbox(stack.mailboxFile)).filter((mail) => mail.to === mentor.email);
      expect(mails.some((mail) => mail.text.includes(CALENDAR_UNCHECKED_NOTE))).toBe(true);
      expect(body.session.status).toBe('confirmed');
    } finally {
      await control('google', `/faults/${encodeURIComponent(account)}`, { method: 'DELETE' });
    }
  });

  it.each<Provider>(['google', 'microsoft'])(
    'writes the booking into the %s calendar that receives bookings, moves it when rescheduled and deletes it when cancelled',
    async (provider) => {
      const mentor = await publishedCoach(stack.config, { payments: false });
      const account = newAccount();
      await connect(mentor, provider, account);
      // An access token that expired meanwhile is refreshed on its 401.
      await control(provider, `/faults/${encodeURIComponent(account)}`, {
        method: 'PUT',
        body: JSON.stringify({ fault: 'expired_token' }),
      });
      const { response, body, mentee } = await bookFree(mentor.userId, at(8, 9));
      expect(response.status).toBe(201);
      await stack.jobsSettled();
      const [written] = (await eventsOf(provider, account)).filter(
        (event) => event.privateProperties.sessionId === body.session.id,
      );
      expect(written).toMatchObject({ start: new Date(at(8, 9)).toISOString(), cancelled: false, transparent: false });
      expect(written?.summary).toMatch(/^Free consultation with /);
      const sessionCall = (action: string, payload: Record<string, string>) =>
        fetch(`${stack.apiUrl}/api/sessions/${body.session.id}/${action}`, {
          method: 'POST',
          headers: { ...mentee.auth, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });

      expect((await sessionCall('reschedule', { start: at(8, 11), reason: 'Clinic ran over' })).status).toBe(200);
      await stack.jobsSettled();
      const moved = (await eventsOf(provider, account)).find((event) => event.id === written?.id);
      expect(moved).toMatchObject({ start: new Date(at(8, 11)).toISOString(), cancelled: false });

      expect((await sessionCall('cancel', { reason: 'Conflict' })).status).toBe(200);
      const after = (await eventsOf(provider, account)).find((event) => event.id === written?.id);
      expect(after?.cancelled).toBe(true);
    },
  );
});

describe('a grant that stops working', () => {
  it('turns the connection reauth_required and e-mails the mentor once', async () => {
    const mentor = await publishedCoach(stack.config, { payments: false });
    const account = newAccount();
    await connect(mentor, 'google', account);
    expect((await control('google', `/grants/${encodeURIComponent(account)}`, { method: 'DELETE' })).status).toBe(200);
    await refreshJob();
    await refreshJob();
    const [connection] = await myCalendars(mentor);
    expect(connection?.status).toBe('reauth_required');
    const notices = (await readMailbox(stack.mailboxFile)).filter(
      (mail) => mail.to === mentor.email && mail.subject === 'Reconnect your Google Calendar',
    );
    expect(notices).toHaveLength(1);

    // Reconnecting makes it work again; disconnecting deletes it.
    await connect(mentor, 'google', account);
    expect((await myCalendars(mentor))[0]?.status).toBe('connected');
    const gone = await fetch(`${stack.apiUrl}/api/me/calendars/google`, { method: 'DELETE', headers: mentor.auth });
    expect(gone.status).toBe(204);
    expect(await myCalendars(mentor)).toEqual([]);
  });
});
