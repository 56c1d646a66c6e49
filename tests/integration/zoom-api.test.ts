import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../../bin/local/mailbox';
import { LOCAL_ZOOM_CLIENT } from '../../bin/local/zoom-standin';
import { signZoomEvent, urlValidationAnswer } from '../../functions/adapters/zoom-events';
import { db, tableName } from '../../functions/data/client';
import { serviceTokensOf, updateServiceTokens } from '../../functions/data/service-connections';
import { getSession } from '../../functions/data/sessions';
import { keys } from '../../functions/data/keys';
import { NO_MEETING_NOTE } from '../../functions/domain/meetings';
import { serviceConnectLink } from '../../functions/schemas/service-connection';
import { bookingResult } from '../../functions/schemas/session';
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

const connect = (user: SignedInUser) => fetch(`${stack.apiUrl}/api/me/zoom`, { method: 'POST', headers: user.auth });

/** The consent page's Allow or Decline link, as the stand-in renders it to the Zoom user `account` signed in there. */
async function consentAnswer(consentUrl: string, answer: 'Allow' | 'Decline', account?: string): Promise<URL> {
  const local = new URL(consentUrl);
  if (account) local.searchParams.set('login_hint', account);
  const page = await (await fetch(`${stack.apiUrl}${local.pathname}${local.search}`)).text();
  const link = new RegExp(`href="([^"]+)">${answer}<`).exec(page)?.[1];
  if (!link) throw new Error(`No ${answer} link on the consent page`);
  return new URL(link.replaceAll('&#38;', '&'));
}

/** The cookie a connect answer leaves in the browser that asked (name=value). */
const browserCookie = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] as string;

/** Follows Zoom's redirect back to our callback in the browser holding `cookie`, and answers with where the callback sends it. */
async function callback(answer: URL, cookie: string): Promise<URL> {
  const response = await fetch(`${stack.apiUrl}${answer.pathname}${answer.search}`, {
    redirect: 'manual',
    headers: { cookie },
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') as string);
}

describe('connecting Zoom', () => {
  it('exchanges the code server-side, marks the profile connected and never shows the tokens', async () => {
    const mentor = await signedInUserWithProfile(stack.config, 'mentor');
    const response = await connect(mentor);
    expect(response.status).toBe(200);
    const cookie = browserCookie(response);
    expect(response.headers.get('set-cookie')).toMatch(
      /^__Host-pm-zoom=[\w-]+; Max-Age=600; Path=\/; Secure; HttpOnly; SameSite=Lax$/,
    );
    const { url } = serviceConnectLink.parse(await response.json());
    expect(url).toContain('/_local/zoom/authorize');
    const back = await callback(await consentAnswer(url, 'Allow'), cookie);
    expect(`${back.pathname}${back.search}`).toBe('/settings?zoom=connected');

    const me = await (await fetch(`${stack.apiUrl}/api/me`, { headers: mentor.auth })).json();
    expect(me.zoomConnected).toBe(true);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.meetingConnection(mentor.userId) }),
    );
    // Kept encrypted with the stack's token key: no token in the item, both back through the key.
    expect(JSON.stringify(Item)).not.toMatch(/zoom-(access|refresh)-/);
    const tokens = await serviceTokensOf('zoom', mentor.userId);
    expect(tokens?.accessToken).toMatch(/^zoom-access-/);
    expect(JSON.stringify(me)).not.toContain(tokens?.accessToken as string);
  });

  it('sends a declined consent back with zoom_error', async () => {
    const mentor = await signedInUserWithProfile(stack.config, 'mentor');
    const response = await connect(mentor);
    const { url } = serviceConnectLink.parse(await response.json());
    const back = await callback(await consentAnswer(url, 'Decline'), browserCookie(response));
    expect(back.searchParams.get('zoom_error')).toBe('Zoom access was not granted.');
  });

  it('refuses a callback whose state it did not issue, or one used twice', async () => {
    const mentor = await signedInUserWithProfile(stack.config, 'mentor');
    const response = await connect(mentor);
    const cookie = browserCookie(response);
    const { url } = serviceConnectLink.parse(await response.json());
    const allow = await consentAnswer(url, 'Allow');
    const forged = new URL(allow);
    forged.searchParams.set('state', 'forged-state');
    expect((await callback(forged, cookie)).searchParams.get('zoom_error')).toMatch(/expired/);
    expect((await callback(allow, cookie)).searchParams.get('zoom')).toBe('connected');
    expect((await callback(allow, cookie)).searchParams.get('zoom_error')).toMatch(/expired/);
  });

  it("refuses a callback with another browser's state: an attacker's consent cannot land on a victim's profile", async () => {
    const attacker = await signedInUserWithProfile(stack.config, 'mentor');
    const victim = await signedInUserWithProfile(stack.config, 'mentor');
    const attackerAllow = async () =>
      consentAnswer(serviceConnectLink.parse(await (await connect(attacker)).json()).url, 'Allow');
    const victimCookie = browserCookie(await connect(victim));
    // The victim's browser is lured to the attacker's callback link: its cookie binds another consent, or none.
    for (const cookie of [victimCookie, '']) {
      expect((await callback(await attackerAllow(), cookie)).searchParams.get('zoom_error')).toMatch(/another browser/);
    }
    for (const user of [attacker, victim]) {
      const me = await (await fetch(`${stack.apiUrl}/api/me`, { headers: user.auth })).json();
      expect(me.zoomConnected).toBe(false);
    }
    // A state is used once, wherever it came back: the attacker's own browser cannot use the lured one either.
    const attackerConnect = await connect(attacker);
    const lured = await consentAnswer(serviceConnectLink.parse(await attackerConnect.json()).url, 'Allow');
    expect((await callback(lured, victimCookie)).searchParams.get('zoom_error')).toMatch(/another browser/);
    expect((await callback(lured, browserCookie(attackerConnect))).searchParams.get('zoom_error')).toMatch(/expired/);
  });

  it('is for mentors only', async () => {
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    expect((await connect(mentee)).status).toBe(403);
  });
});

describe("a booked session's meeting, over Zoom's API", () => {
  let coach: SignedInUser;

  beforeAll(async () => {
    coach = await publishedCoach(stack.config, { payments: true });
    const response = await connect(coach);
    const { url } = serviceConnectLink.parse(await response.json());
    await callback(await consentAnswer(url, 'Allow', coach.email), browserCookie(response));
  });

  /** What the product asked Zoom since the last clear, as the stand-in's request log keeps it. */
  const zoomCalls = () =>
    stack.requestLog.list('zoom').map(({ method, path, action, status }) => ({ method, path, action, status }));

  async function freeConsultation(start: string) {
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const response = await fetch(`${stack.apiUrl}/api/sessions`, {
      method: 'POST',
      headers: { ...mentee.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ coachId: coach.userId, start, durationMinutes: 30, freeConsultation: true }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return { mentee, session: bookingResult.parse(await response.json()).session };
  }

  const meetingUrlOf = async (sessionId: string) => (await getSession(sessionId))?.meetingUrl;

  it('is created on the coach’s Zoom when the session is booked, and deleted when it is cancelled', async () => {
    stack.requestLog.clear('zoom');
    const { mentee, session } = await freeConsultation(at(9, 10));
    await stack.jobsSettled();

    const meetingId = /\/_local\/zoom\/j\/(\d+)$/.exec((await meetingUrlOf(session.id)) ?? '')?.[1];
    expect(meetingId).toBeDefined();
    expect(zoomCalls()).toEqual([{ method: 'POST', path: '/v2/users/me/meetings', status: 201 }]);
    const meeting = stack.calendarStandIns.meetings(coach.email).find(({ id }) => String(id) === meetingId);
    expect(meeting).toMatchObject({
      startTime: new Date(at(9, 10)).toISOString(),
      durationMinutes: 30,
      topic: 'Physician Mentors session',
      deleted: false,
    });

    const cancelled = await fetch(`${stack.apiUrl}/api/sessions/${session.id}/cancel`, {
      method: 'POST',
      headers: { ...mentee.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Plans changed' }),
    });
    expect(cancelled.status).toBe(200);
    expect(zoomCalls().at(-1)).toEqual({ method: 'DELETE', path: `/v2/meetings/${meetingId}`, status: 204 });
    expect(stack.calendarStandIns.meetings(coach.email).find(({ id }) => String(id) === meetingId)?.deleted).toBe(true);
  });

  it('refreshes an expired access token first, and keeps the new tokens', async () => {
    const before = (await serviceTokensOf('zoom', coach.userId)) as NonNullable<
      Awaited<ReturnType<typeof serviceTokensOf>>
    >;
    // Its hour is up for both: the stand-in refuses the token, and the product knows it has expired.
    const fault = await fetch(`${stack.apiUrl}/_local/zoom/faults/${encodeURIComponent(coach.email)}`, {
      method: 'PUT',
      body: JSON.stringify({ fault: 'expired_token' }),
    });
    expect(fault.status).toBe(204);
    await updateServiceTokens(
      'zoom',
      coach.userId,
      { ...before, expiresAt: new Date(Date.now() - 1000).toISOString() },
      new Date(),
    );
    stack.requestLog.clear('zoom');

    const { session } = await freeConsultation(at(9, 14));
    await stack.jobsSettled();

    expect(await meetingUrlOf(session.id)).toMatch(/\/_local\/zoom\/j\/\d+$/);
    expect(zoomCalls()).toEqual([
      { method: 'POST', path: '/oauth/token', action: 'refresh_token', status: 200 },
      { method: 'POST', path: '/v2/users/me/meetings', status: 201 },
    ]);
    const after = await serviceTokensOf('zoom', coach.userId);
    expect(after?.accessToken).not.toBe(before.accessToken);
    // Zoom's refresh tokens are single-use: the product keeps the new one.
    expect(after?.refreshToken).not.toBe(before.refreshToken);
    expect(new Date(after?.expiresAt as string).getTime()).toBeGreaterThan(Date.now());
  });

  const zoomFault = (fault: 'throttled' | null) =>
    fetch(`${stack.apiUrl}/_local/zoom/faults/${encodeURIComponent(coach.email)}`, {
      method: fault ? 'PUT' : 'DELETE',
      ...(fault ? { body: JSON.stringify({ fault }) } : {}),
    });
  const mailsTo = async (email: string) => (await readMailbox(stack.mailboxFile)).filter((mail) => mail.to === email);
  const pendingJobsOf = (sessionId: string) =>
    stack
      .pendingSchedules()
      .filter((schedule) => schedule.sessionId === sessionId)
      .map(({ job }) => job)
      .sort();
  const join = (user: SignedInUser, sessionId: string) =>
    fetch(`${stack.apiUrl}/api/sessions/${sessionId}/join`, { method: 'POST', headers: user.auth });

  it('with Zoom down, still sends the e-mails and schedules the completion, and makes the meeting once Zoom answers again', async () => {
    expect((await zoomFault('throttled')).status).toBe(204);
    // Its hour is up too: the refresh Zoom answers before the throttled call is kept, since a refresh token works once.
    const tokens = (await serviceTokensOf('zoom', coach.userId)) as NonNullable<
      Awaited<ReturnType<typeof serviceTokensOf>>
    >;
    await updateServiceTokens(
      'zoom',
      coach.userId,
      { ...tokens, expiresAt: new Date(Date.now() - 1000).toISOString() },
      new Date(),
    );
    stack.requestLog.clear('zoom');

    const { mentee, session } = await freeConsultation(at(9, 12));
    await stack.jobsSettled();

    expect(zoomCalls()).toEqual([
      { method: 'POST', path: '/oauth/token', action: 'refresh_token', status: 200 },
      { method: 'POST', path: '/v2/users/me/meetings', status: 429 },
    ]);
    expect(await meetingUrlOf(session.id)).toBeUndefined();
    const confirmation = (await mailsTo(mentee.email)).find((mail) => mail.subject.includes('confirmed'));
    expect(confirmation?.text).toContain('Meeting link: Your meeting link is being created');
    expect(
      (await mailsTo(coach.email)).findLast((mail) => mail.subject.startsWith('Session confirmed'))?.text,
    ).toContain('Your Zoom meeting is being created');
    expect(pendingJobsOf(session.id)).toEqual([
      'completeSession',
      'createMeeting',
      'remindDayBefore',
      'remindHourBefore',
    ]);
    expect((await stack.deadLetters()).filter((letter) => letter.subject === `session:${session.id}`)).toEqual([]);
    expect((await join(mentee, session.id)).status).toBe(409);

    expect((await zoomFault(null)).status).toBe(204);
    stack.runPendingJobsNow('createMeeting');
    await stack.jobsSettled();

    expect(await meetingUrlOf(session.id)).toMatch(/\/_local\/zoom\/j\/\d+$/);
    expect(zoomCalls().slice(2)).toEqual([{ method: 'POST', path: '/v2/users/me/meetings', status: 201 }]);
    expect(pendingJobsOf(session.id)).toEqual(['completeSession', 'remindDayBefore', 'remindHourBefore']);
    const joined = await join(mentee, session.id);
    expect(joined.status).toBe(200);
    expect((await joined.json()).meetingUrl).toBe(await meetingUrlOf(session.id));
  });

  // Last of these: it leaves the coach without Zoom.
  it('with the grant revoked at Zoom, disconnects Zoom and tells the mentor, the booking goes on without a meeting, and the next one does not call Zoom', async () => {
    const revoked = await fetch(`${stack.apiUrl}/_local/zoom/grants/${encodeURIComponent(coach.email)}`, {
      method: 'DELETE',
    });
    expect(await revoked.json()).toEqual({ revoked: expect.any(Number) });
    stack.requestLog.clear('zoom');

    const { mentee, session } = await freeConsultation(at(9, 16));
    await stack.jobsSettled();

    // The revoked access token, then the refresh Zoom refuses: invalid_grant.
    expect(zoomCalls()).toEqual([
      { method: 'POST', path: '/v2/users/me/meetings', status: 401 },
      { method: 'POST', path: '/oauth/token', action: 'refresh_token', status: 400 },
    ]);
    expect((await stack.deadLetters()).filter((letter) => letter.subject === `session:${session.id}`)).toEqual([]);
    expect(await getSession(session.id)).toMatchObject({ meetingNote: NO_MEETING_NOTE });
    expect(await meetingUrlOf(session.id)).toBeUndefined();
    const me = await (await fetch(`${stack.apiUrl}/api/me`, { headers: coach.auth })).json();
    expect(me.zoomConnected).toBe(false);
    expect(await serviceTokensOf('zoom', coach.userId)).toBeNull();
    const notices = (await mailsTo(coach.email)).filter((mail) => mail.subject === 'Reconnect Zoom');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('Reconnect Zoom in Settings');
    expect((await mailsTo(mentee.email)).find((mail) => mail.subject.includes('confirmed'))?.text).toContain(
      'Your mentor will share the meeting link before the session.',
    );
    expect(pendingJobsOf(session.id)).toEqual(['completeSession', 'remindDayBefore', 'remindHourBefore']);

    stack.requestLog.clear('zoom');
    const next = await freeConsultation(at(9, 18));
    await stack.jobsSettled();
    expect(zoomCalls()).toEqual([]);
    expect(await getSession(next.session.id)).toMatchObject({ meetingNote: NO_MEETING_NOTE });
    expect((await mailsTo(coach.email)).filter((mail) => mail.subject === 'Reconnect Zoom')).toHaveLength(1);
  });
});

describe("Zoom's participant events, to the app's webhook", () => {
  let coach: SignedInUser;

  beforeAll(async () => {
    coach = await publishedCoach(stack.config, { payments: true });
    const response = await connect(coach);
    const { url } = serviceConnectLink.parse(await response.json());
    await callback(await consentAnswer(url, 'Allow', coach.email), browserCookie(response));
  });

  /** A free consultation with the coach, its meeting made on the coach's Zoom. */
  async function sessionWithMeeting(start: string) {
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const response = await fetch(`${stack.apiUrl}/api/sessions`, {
      method: 'POST',
      headers: { ...mentee.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ coachId: coach.userId, start, durationMinutes: 30, freeConsultation: true }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { session } = bookingResult.parse(await response.json());
    await stack.jobsSettled();
    const meetingId = (await getSession(session.id))?.meetingId;
    if (!meetingId) throw new Error('The session has no meeting');
    return { sessionId: session.id, meetingId };
  }

  /** The stand-in's control: someone joins the meeting now, and the stand-in tells the webhook as Zoom would. */
  async function join(meetingId: string, as: 'host' | 'attendee') {
    const response = await fetch(`${stack.apiUrl}/_local/zoom/meetings/${meetingId}/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ as }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      event: { payload: { object: { participant: { join_time: string } } } };
      webhook: { status: number; body: string };
    };
  }

  /** A `meeting.participant_joined` body of the meeting, its host another Zoom user's id than the participant's. */
  const participantJoined = (meetingId: string, participant: { id: string; email: string; join_time: string }) =>
    JSON.stringify({
      event: 'meeting.participant_joined',
      event_ts: Date.now(),
      payload: {
        object: { id: meetingId, host_id: 'another-zoom-user', participant: { ...participant, user_name: 'Dr Who' } },
      },
    });

  const deliver = (body: string, headers: Record<string, string>) =>
    fetch(`${stack.apiUrl}/api/webhooks/zoom`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  const joinsOf = async (sessionId: string) => {
    const session = await getSession(sessionId);
    return { coach: session?.coachJoinedAt, mentee: session?.menteeJoinedAt };
  };

  it("records the host's join as the coach's and an attendee's as the mentee's, each once, the first time kept", async () => {
    const { sessionId, meetingId } = await sessionWithMeeting(at(10, 9));
    expect(await joinsOf(sessionId)).toEqual({ coach: undefined, mentee: undefined });

    const host = await join(meetingId, 'host');
    expect(host.webhook).toEqual({ status: 200, body: JSON.stringify({ received: true }) });
    const coachJoinedAt = new Date(host.event.payload.object.participant.join_time).toISOString();
    expect(await joinsOf(sessionId)).toEqual({ coach: coachJoinedAt, mentee: undefined });

    const attendee = await join(meetingId, 'attendee');
    expect(attendee.webhook.status).toBe(200);
    const menteeJoinedAt = new Date(attendee.event.payload.object.participant.join_time).toISOString();
    expect(await joinsOf(sessionId)).toEqual({ coach: coachJoinedAt, mentee: menteeJoinedAt });

    // Zoom's retry of the host's join, and the host joining again an hour later: the first time stays.
    const hostJoin = JSON.stringify(host.event);
    expect(
      (await deliver(hostJoin, signZoomEvent(hostJoin, LOCAL_ZOOM_CLIENT.webhookSecretToken, new Date()))).status,
    ).toBe(200);
    const later = structuredClone(host.event);
    later.payload.object.participant.join_time = new Date(Date.parse(coachJoinedAt) + 3_600_000).toISOString();
    const laterJoin = JSON.stringify(later);
    expect(
      (await deliver(laterJoin, signZoomEvent(laterJoin, LOCAL_ZOOM_CLIENT.webhookSecretToken, new Date()))).status,
    ).toBe(200);
    expect(await joinsOf(sessionId)).toEqual({ coach: coachJoinedAt, mentee: menteeJoinedAt });
  });

  it('refuses a forged signature and a delivery signed over 5 minutes ago with 401, recording nothing', async () => {
    const { sessionId, meetingId } = await sessionWithMeeting(at(10, 11));
    // The coach's join, as Zoom would tell it: the participant has the e-mail of the coach's Zoom account.
    const coachJoined = participantJoined(meetingId, {
      id: '',
      email: coach.email,
      join_time: new Date().toISOString(),
    });
    const signedBy = (secret: string, signedAt: Date) =>
      deliver(coachJoined, signZoomEvent(coachJoined, secret, signedAt));

    const forged = await signedBy('not-the-secret-token', new Date());
    expect(forged.status).toBe(401);
    expect((await forged.json()).error.code).toBe('UNAUTHORIZED');
    const stale = await signedBy(LOCAL_ZOOM_CLIENT.webhookSecretToken, new Date(Date.now() - 6 * 60_000));
    expect(stale.status).toBe(401);
    expect(await joinsOf(sessionId)).toEqual({ coach: undefined, mentee: undefined });

    expect((await signedBy(LOCAL_ZOOM_CLIENT.webhookSecretToken, new Date())).status).toBe(200);
    expect((await joinsOf(sessionId)).coach).toBeDefined();
  });

  it("answers a join of a meeting of no session 200, so Zoom does not retry it, and Zoom's URL validation with its token", async () => {
    const unknown = participantJoined('99999999999', { id: '', email: '', join_time: new Date().toISOString() });
    const answer = await deliver(unknown, signZoomEvent(unknown, LOCAL_ZOOM_CLIENT.webhookSecretToken, new Date()));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true });

    const challenge = JSON.stringify({ event: 'endpoint.url_validation', payload: { plainToken: 'plain-token-1' } });
    const validated = await deliver(
      challenge,
      signZoomEvent(challenge, LOCAL_ZOOM_CLIENT.webhookSecretToken, new Date()),
    );
    expect(await validated.json()).toEqual(urlValidationAnswer('plain-token-1', LOCAL_ZOOM_CLIENT.webhookSecretToken));
  });
});

describe('the Zoom stand-in refuses what Zoom refuses', () => {
  const zoom = (path: string, init: RequestInit = {}) => fetch(`${stack.apiUrl}/_local/zoom${path}`, init);
  const basic = `Basic ${Buffer.from(`${LOCAL_ZOOM_CLIENT.clientId}:${LOCAL_ZOOM_CLIENT.clientSecret}`).toString('base64')}`;
  const token = (form: Record<string, string>, authorization = basic) =>
    zoom('/oauth/token', {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
  const createMeeting = (accessToken: string, body: unknown) =>
    zoom('/v2/users/me/meetings', {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const meeting = { topic: 'Session', type: 2, start_time: '2030-01-02T10:00:00Z', duration: 30, timezone: 'UTC' };
  const grant = (account: string) =>
    stack.calendarStandIns.grantWithoutConsent('zoom', account, LOCAL_ZOOM_CLIENT.clientId, 'meeting:write:meeting');

  it('answers the token endpoint only for its client, and each refresh token once', async () => {
    const { refreshToken } = grant('refresh@zoom.local');
    const wrongClient = await token({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'Basic eDp5');
    expect(wrongClient.status).toBe(401);
    expect(await wrongClient.json()).toMatchObject({ error: 'invalid_client' });
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(refreshed.status).toBe(200);
    expect((await refreshed.json()).refresh_token).not.toBe(refreshToken);
    const again = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ reason: 'Invalid Token!', error: 'invalid_grant' });
    const code = await token({ grant_type: 'authorization_code', code: 'never-issued', redirect_uri: 'x' });
    expect(code.status).toBe(400);
    expect(await code.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a meeting with a bad body, an unknown token or too many calls, and an unknown meeting', async () => {
    const account = 'refusals@zoom.local';
    const { accessToken } = grant(account);
    const notIso = await createMeeting(accessToken, { ...meeting, start_time: 'next Tuesday' });
    expect(notIso.status).toBe(400);
    expect(await notIso.json()).toEqual({
      code: 300,
      message: 'Validation Failed.',
      errors: [{ field: 'start_time', message: 'Invalid field.' }],
    });
    const unknown = await createMeeting('zoom-access-unknown', meeting);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ code: 124, message: 'Invalid access token.' });
    const deleted = await zoom('/v2/meetings/12345678901', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(deleted.status).toBe(404);
    expect(await deleted.json()).toEqual({ code: 3001, message: 'Meeting does not exist: 12345678901.' });

    const faults = `/faults/${encodeURIComponent(account)}`;
    await zoom(faults, { method: 'PUT', body: JSON.stringify({ fault: 'throttled' }) });
    const throttled = await createMeeting(accessToken, meeting);
    expect(throttled.status).toBe(429);
    expect((await throttled.json()).code).toBe(429);
    await zoom(faults, { method: 'DELETE' });
    expect((await createMeeting(accessToken, meeting)).status).toBe(201);
    await zoom(faults, { method: 'PUT', body: JSON.stringify({ fault: 'expired_token' }) });
    const expired = await createMeeting(accessToken, meeting);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ code: 124, message: 'Access token is expired.' });
  });
});
