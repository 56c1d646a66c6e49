import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CALENDLY_CLIENT } from '../../bin/local/calendly-standin';
import { db, tableName } from '../../functions/data/client';
import { serviceTokensOf, updateServiceTokens } from '../../functions/data/service-connections';
import { keys } from '../../functions/data/keys';
import { getSession } from '../../functions/data/sessions';
import { externalEventView } from '../../functions/schemas/external-calendar';
import { serviceConnectLink } from '../../functions/schemas/service-connection';
import { bookingResult } from '../../functions/schemas/session';
import { at, publishedCoach, RATE_CENTS } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;
let mentee: SignedInUser;

beforeAll(async () => {
  stack = await startTestStack();
  mentee = await signedInUserWithProfile(stack.config, 'mentee');
});

afterAll(async () => {
  await stack?.dispose();
});

const siteOrigin = () => process.env.SITE_ORIGIN as string;
/** The stand-in's pages and the app's callback, reached on the API server itself. */
const local = (url: string) => {
  const parsed = new URL(url, siteOrigin());
  return `${stack.apiUrl}${parsed.pathname}${parsed.search}`;
};
const decodeHtml = (value: string) => value.replaceAll('&#38;', '&').replaceAll('&amp;', '&');

let calendarCount = 0;

/** A published coach with payments, whose profile names a Calendly link of their own. */
async function calendlyCoach(): Promise<SignedInUser & { calendlyUrl: string }> {
  const coach = await publishedCoach(stack.config, { payments: true });
  const calendlyUrl = `https://calendly.com/coach-${Date.now()}-${calendarCount++}`;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(coach.userId),
      UpdateExpression: 'SET calendlyUrl = :url',
      ExpressionAttributeValues: { ':url': calendlyUrl },
    }),
  );
  return { ...coach, calendlyUrl };
}

const connect = (user: SignedInUser) =>
  fetch(`${stack.apiUrl}/api/me/calendly`, { method: 'POST', headers: user.auth });

/** Goes through the stand-in's consent page as the coach would, and answers where the callback sends the browser. */
async function connectThroughConsent(coach: SignedInUser, schedulingUrl: string, answer: 'Allow' | 'Decline') {
  const response = await connect(coach);
  expect(response.status).toBe(200);
  // The browser that asked keeps the cookie binding the consent to it, which the callback checks.
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { url } = serviceConnectLink.parse(await response.json());
  expect(url).toContain('/_local/calendly/authorize');
  const page = await (await fetch(local(url))).text();
  let next: string;
  if (answer === 'Decline') {
    next = decodeHtml(/href="([^"]+)">Decline</.exec(page)?.[1] as string);
  } else {
    // The consent form, submitted as the browser submits it: its hidden fields and the link typed in.
    const fields = new URLSearchParams();
    for (const [, name, value] of page.matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
      fields.set(name as string, decodeHtml(value as string));
    }
    fields.set('scheduling_url', schedulingUrl);
    const allow = await fetch(local(`/_local/calendly/authorize/allow?${fields}`), { redirect: 'manual' });
    expect(allow.status).toBe(303);
    next = allow.headers.get('location') as string;
  }
  const back = await fetch(local(next), { redirect: 'manual', headers: { cookie } });
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location') as string);
}

/** Schedules the embed's first offered time, as an invitee would, and answers with the event URI it posts. */
async function scheduleInEmbed(calendlyUrl: string): Promise<string> {
  const embed = await (
    await fetch(local(`/_local/calendly/embed?${new URLSearchParams({ url: calendlyUrl })}`))
  ).text();
  const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(embed);
  expect(form).not.toBeNull();
  const fields = new URLSearchParams();
  for (const [, name, value] of (form?.[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
    fields.set(name as string, decodeHtml(value as string));
  }
  const scheduled = await (
    await fetch(local(form?.[1] as string), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields,
    })
  ).text();
  const message = /window\.parent\.postMessage\((\{.*\}), "([^"]+)"\)/.exec(scheduled);
  expect(message?.[2]).toBe(new URL(siteOrigin()).origin);
  const posted = JSON.parse(message?.[1] as string);
  expect(posted.event).toBe('calendly.event_scheduled');
  expect(posted.payload.invitee.uri).toMatch(/\/invitees\//);
  return posted.payload.event.uri as string;
}

/** An event of the coach's Calendly user at the stand-in, as if scheduled in the embed; answers its URI. */
function storedEvent(
  calendlyUrl: string,
  event: { start: string; end: string; name: string; status: 'active' | 'canceled' },
) {
  const user = new URL(calendlyUrl).pathname.split('/')[1] as string;
  const { uuid } = stack.calendarStandIns.addScheduledEvent({ user, ...event });
  return `${process.env.CALENDLY_API_URL}/scheduled_events/${uuid}`;
}

const resolve = (user: SignedInUser, coachId: string, uri: string) =>
  fetch(`${stack.apiUrl}/api/coaches/${coachId}/external-events?${new URLSearchParams({ uri })}`, {
    headers: user.auth,
  });

const book = (user: SignedInUser, body: Record<string, unknown>) =>
  fetch(`${stack.apiUrl}/api/sessions`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('connecting Calendly', () => {
  it('exchanges the code server-side, marks the profile connected and never shows the tokens', async () => {
    const coach = await calendlyCoach();
    const back = await connectThroughConsent(coach, coach.calendlyUrl, 'Allow');
    expect(`${back.pathname}${back.search}`).toBe('/settings?calendly=connected');
    const me = await (await fetch(`${stack.apiUrl}/api/me`, { headers: coach.auth })).json();
    expect(me.calendlyConnected).toBe(true);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.calendarConnection(coach.userId) }),
    );
    // Kept encrypted with the stack's token key: no token in the item, both back through the key.
    expect(JSON.stringify(Item)).not.toMatch(/calendly-(access|refresh)-/);
    const tokens = await serviceTokensOf('calendly', coach.userId);
    expect(tokens?.accessToken).toMatch(/^calendly-access-/);
    expect(tokens?.account).toBe(
      `${process.env.CALENDLY_API_URL}/users/${new URL(coach.calendlyUrl).pathname.slice(1)}`,
    );
    // The code was exchanged over the wire, with the PKCE verifier the stand-in checked.
    const logged = stack.requestLog
      .list('calendly')
      .map(({ method, path, action, status }) => ({ method, path, action, status }));
    expect(logged).toContainEqual({ method: 'POST', path: '/oauth/token', action: 'authorization_code', status: 200 });
    expect(JSON.stringify(me)).not.toContain(tokens?.accessToken as string);
  });

  it('sends a declined consent back with calendly_error', async () => {
    const coach = await calendlyCoach();
    const back = await connectThroughConsent(coach, coach.calendlyUrl, 'Decline');
    expect(back.searchParams.get('calendly_error')).toBe('Calendly access was not granted.');
  });

  it('is for mentors only', async () => {
    expect((await connect(mentee)).status).toBe(403);
  });
});

describe('booking an event of the coach’s calendar', () => {
  let coach: SignedInUser & { calendlyUrl: string };

  beforeAll(async () => {
    coach = await calendlyCoach();
    await connectThroughConsent(coach, coach.calendlyUrl, 'Allow');
  });

  it('reads the event from the calendar, prices it and books it for payment', async () => {
    const uri = await scheduleInEmbed(coach.calendlyUrl);
    const resolved = await resolve(mentee, coach.userId, uri);
    expect(resolved.status, await resolved.clone().text()).toBe(200);
    const event = externalEventView.parse(await resolved.json());
    expect(event).toEqual({
      start: at(1, 10),
      end: at(1, 10.5),
      durationMinutes: 30,
      eventType: '30 Minute Meeting',
      priceCents: RATE_CENTS / 2,
    });

    // Times sent by the client are ignored: the event's own times are booked.
    const response = await book(mentee, {
      coachId: coach.userId,
      externalEvent: { uri, start: at(2, 3), end: at(2, 11) },
      start: at(2, 3),
      priceCents: 1,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { session, checkoutUrl } = bookingResult.parse(await response.json());
    expect(session).toMatchObject({
      start: at(1, 10),
      end: at(1, 10.5),
      durationMinutes: 30,
      priceCents: RATE_CENTS / 2,
      status: 'pending_payment',
      bookingMethod: 'external_calendar',
    });
    expect(checkoutUrl).toMatch(/\/_local\/stripe\/checkout\?/);
    expect((await getSession(session.id))?.externalEventType).toBe('30 Minute Meeting');

    // The same event cannot be booked twice: its time is held.
    expect((await book(mentee, { coachId: coach.userId, externalEvent: { uri } })).status).toBe(409);
  });

  it('prices hours times the rate for any length', async () => {
    const eventUri = storedEvent(coach.calendlyUrl, {
      start: at(3, 9),
      end: at(3, 9.75),
      name: 'Chart review',
      status: 'active',
    });
    const event = externalEventView.parse(await (await resolve(mentee, coach.userId, eventUri)).json());
    expect(event).toMatchObject({ durationMinutes: 45, priceCents: Math.round((RATE_CENTS * 45) / 60) });
  });

  it.each([
    ['longer than 480 minutes', { start: at(4, 1), end: at(4, 9.25), status: 'active' as const }],
    ['cancelled', { start: at(4, 10), end: at(4, 11), status: 'canceled' as const }],
    ['in the past', { start: at(-1, 10), end: at(-1, 11), status: 'active' as const }],
    ['ending before it starts', { start: at(4, 12), end: at(4, 11), status: 'active' as const }],
  ])('refuses an event %s with 400', async (_name, times) => {
    const eventUri = storedEvent(coach.calendlyUrl, { name: 'Meeting', ...times });
    expect((await resolve(mentee, coach.userId, eventUri)).status).toBe(400);
    expect((await book(mentee, { coachId: coach.userId, externalEvent: { uri: eventUri } })).status).toBe(400);
  });

  it('refuses an event of another coach’s calendar', async () => {
    const other = await calendlyCoach();
    const uri = await scheduleInEmbed(other.calendlyUrl);
    expect([400, 404]).toContain((await resolve(mentee, coach.userId, uri)).status);
    expect([400, 404]).toContain((await book(mentee, { coachId: coach.userId, externalEvent: { uri } })).status);
  });

  it('refuses a URI that is not an event of the calendar, and an unknown event', async () => {
    expect((await resolve(mentee, coach.userId, 'https://evil.example/scheduled_events/x')).status).toBe(400);
    const unknown = `${process.env.CALENDLY_API_URL}/scheduled_events/00000000-0000-0000-0000-000000000000`;
    expect((await resolve(mentee, coach.userId, unknown)).status).toBe(404);
  });

  it('reads the event over Calendly’s API, refreshing an expired access token first', async () => {
    const before = (await serviceTokensOf('calendly', coach.userId)) as NonNullable<
      Awaited<ReturnType<typeof serviceTokensOf>>
    >;
    // Its two hours are up for both: the stand-in refuses the token, and the product knows it has expired.
    const user = new URL(coach.calendlyUrl).pathname.slice(1);
    const fault = await fetch(local(`/_local/calendly/faults/${user}`), {
      method: 'PUT',
      body: JSON.stringify({ fault: 'expired_token' }),
    });
    expect(fault.status).toBe(204);
    const expired = { ...before, expiresAt: new Date(Date.now() - 1000).toISOString() };
    await updateServiceTokens('calendly', coach.userId, expired, new Date());
    const uri = await scheduleInEmbed(coach.calendlyUrl);
    stack.requestLog.clear('calendly');

    expect((await resolve(mentee, coach.userId, uri)).status).toBe(200);
    const logged = stack.requestLog
      .list('calendly')
      .map(({ method, path, action, status }) => ({ method, path, action, status }));
    expect(logged).toEqual([
      { method: 'POST', path: '/oauth/token', action: 'refresh_token', status: 200 },
      { method: 'GET', path: new URL(uri).pathname.replace('/_local/calendly/api', ''), status: 200 },
    ]);
    const after = await serviceTokensOf('calendly', coach.userId);
    expect(after?.accessToken).not.toBe(before.accessToken);
    // Calendly's refresh tokens are single-use: the product keeps the new one, and the account.
    expect(after?.refreshToken).not.toBe(before.refreshToken);
    expect(after?.account).toBe(before.account);
  });

  it('needs a signed-in viewer', async () => {
    const uri = await scheduleInEmbed(coach.calendlyUrl);
    const response = await fetch(
      `${stack.apiUrl}/api/coaches/${coach.userId}/external-events?${new URLSearchParams({ uri })}`,
    );
    expect(response.status).toBe(401);
  });
});

describe('a coach whose calendar is not connected', () => {
  it('answers 409 with a clear message', async () => {
    const coach = await calendlyCoach();
    const uri = await scheduleInEmbed(coach.calendlyUrl);
    const resolved = await resolve(mentee, coach.userId, uri);
    expect(resolved.status).toBe(409);
    expect((await resolved.json()).error.message).toBe("This mentor's calendar is not connected for bookings yet.");
    expect((await book(mentee, { coachId: coach.userId, externalEvent: { uri } })).status).toBe(409);
  });
});

describe('the Calendly stand-in refuses what Calendly refuses', () => {
  const api = (path: string, accessToken: string) =>
    fetch(`${process.env.CALENDLY_API_URL}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
  const grant = (user: string) =>
    stack.calendarStandIns.grantWithoutConsent('calendly', user, LOCAL_CALENDLY_CLIENT.clientId, 'default');

  it('answers a scheduled event only to its host, with a live token, within the rate limit', async () => {
    const { accessToken } = grant('host-refusals');
    const uri = storedEvent('https://calendly.com/host-refusals', {
      start: at(5, 10),
      end: at(5, 11),
      name: 'Meeting',
      status: 'active',
    });
    const path = new URL(uri).pathname.replace('/_local/calendly/api', '');
    const read = await api(path, accessToken);
    expect(read.status).toBe(200);
    expect((await read.json()).resource).toMatchObject({
      uri,
      status: 'active',
      event_memberships: [{ user: `${process.env.CALENDLY_API_URL}/users/host-refusals` }],
    });

    expect((await api(path, grant('someone-else').accessToken)).status).toBe(403);
    const unknown = await api('/scheduled_events/00000000-0000-0000-0000-000000000000', accessToken);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ title: 'Resource Not Found' });
    const invalid = await api(path, 'calendly-access-unknown');
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toMatchObject({ title: 'Unauthenticated' });

    const faults = local('/_local/calendly/faults/host-refusals');
    await fetch(faults, { method: 'PUT', body: JSON.stringify({ fault: 'throttled' }) });
    expect((await api(path, accessToken)).status).toBe(429);
    await fetch(faults, { method: 'DELETE' });
    await fetch(local('/_local/calendly/grants/host-refusals'), { method: 'DELETE' });
    expect((await api(path, accessToken)).status).toBe(401);
  });
});
