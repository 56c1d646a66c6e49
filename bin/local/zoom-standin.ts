import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { signZoomEvent } from '../../functions/adapters/zoom-events';
import { escapeHtml } from '../../functions/domain/html';
import { type CalendarStandInStore, OAuthError, type StandInMeeting } from './calendar-standin-store';
import {
  type ApiRefusals,
  authorizeProblem,
  authorized,
  json,
  readJson,
  serveGrantControls,
} from './oauth-standin-api';
import type { RequestLog } from './request-log';
import { readForm, standInPage } from './standin-pages';

/**
 * `/_local/zoom/*`: Zoom's OAuth (consent page, token endpoint) and the part of its API the product's
 * adapter calls (functions/adapters/meetings.ts: create and delete a meeting), in Zoom's request and
 * answer shapes, errors included; the meeting rooms its join links open; the participant events it
 * sends the app's webhook; test controls beside them.
 */

/** The client credentials the local stack gives the product's Zoom app, and its event subscription's secret token. */
export const LOCAL_ZOOM_CLIENT = {
  clientId: 'local-zoom-client',
  clientSecret: 'local-zoom-secret',
  webhookSecretToken: 'local-zoom-webhook-secret',
};
/** The granular scope the app asks for (README, "Zoom, Calendly, Google Calendar and Microsoft 365"). */
const ZOOM_SCOPE = 'meeting:write:meeting';
const CALLBACK_PATH = '/api/zoom/callback';

const zoomPage = (res: ServerResponse, status: number, title: string, body: string) =>
  standInPage(res, status, `${title} · Zoom (local stand-in)`, body);

/**
 * The consent page. Who signs in to Zoom there is `login_hint` (a test's account, standing in for
 * the sign-in on Zoom's page), else a new user; Allow carries a code issued to that user.
 */
function consentPage(res: ServerResponse, query: URLSearchParams, store: CalendarStandInStore) {
  const redirectUri = query.get('redirect_uri') as string;
  const answer = (params: Record<string, string>) =>
    `${redirectUri}?${new URLSearchParams({ ...params, state: query.get('state') as string })}`;
  const account = query.get('login_hint') || `user-${randomBytes(4).toString('hex')}@zoom.local`;
  const code = store.issueCode({
    provider: 'zoom',
    account,
    clientId: LOCAL_ZOOM_CLIENT.clientId,
    redirectUri,
    codeChallenge: query.get('code_challenge') as string,
    scope: ZOOM_SCOPE,
  });
  zoomPage(
    res,
    200,
    'Allow access',
    `<h1>Zoom (local stand-in)</h1>
<p class="note">The local stack stands in for Zoom's consent screen, signed in as ${escapeHtml(account)}. Allowing lets the app create meeting links for your sessions; nothing here reaches Zoom.</p>
<p><a class="button primary" href="${escapeHtml(answer({ code }))}">Allow</a>
<a class="button" href="${escapeHtml(answer({ error: 'access_denied' }))}">Decline</a></p>`,
  );
}

/** Zoom's token endpoint: the client in HTTP Basic, errors as `{reason, error}`. */
async function tokenEndpoint(
  req: IncomingMessage,
  res: ServerResponse,
  store: CalendarStandInStore,
  requestLog: RequestLog,
) {
  const form = await readForm(req);
  const grantType = form.get('grant_type') ?? '';
  requestLog.recordOnAnswer('zoom', req, res, { path: '/oauth/token', action: grantType });
  const expected = Buffer.from(`${LOCAL_ZOOM_CLIENT.clientId}:${LOCAL_ZOOM_CLIENT.clientSecret}`).toString('base64');
  if (req.headers.authorization !== `Basic ${expected}`) {
    return json(res, 401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
  }
  const granted = (tokens: { accessToken: string; expiresIn: number; refreshToken: string; scope: string }) =>
    json(res, 200, {
      access_token: tokens.accessToken,
      token_type: 'bearer',
      refresh_token: tokens.refreshToken,
      expires_in: tokens.expiresIn,
      scope: tokens.scope,
    });
  try {
    if (grantType === 'authorization_code') {
      return granted(
        store.redeemCode('zoom', {
          code: form.get('code') ?? '',
          clientId: LOCAL_ZOOM_CLIENT.clientId,
          redirectUri: form.get('redirect_uri') ?? '',
          codeVerifier: form.get('code_verifier') ?? '',
        }),
      );
    }
    if (grantType === 'refresh_token') {
      try {
        return granted(store.refreshSingleUse('zoom', form.get('refresh_token') ?? '', LOCAL_ZOOM_CLIENT.clientId));
      } catch (error) {
        // Zoom's own words for a used, revoked or unknown refresh token.
        if (error instanceof OAuthError) throw new OAuthError('invalid_grant', 'Invalid Token!');
        throw error;
      }
    }
    throw new OAuthError('unsupported_grant_type', 'Unsupported grant type');
  } catch (error) {
    if (error instanceof OAuthError) return json(res, 400, { reason: error.description, error: error.error });
    throw error;
  }
}

const zoomError = (res: ServerResponse, status: number, code: number, message: string, extra = {}, headers = {}) =>
  json(res, status, { code, message, ...extra }, headers);

const REFUSALS: ApiRefusals = {
  unauthorized: (res, expired) =>
    zoomError(res, 401, 124, expired ? 'Access token is expired.' : 'Invalid access token.'),
  throttled: (res) =>
    zoomError(
      res,
      429,
      429,
      'You have reached the maximum per-second rate limit for this API. Try again later.',
      {},
      { 'x-ratelimit-category': 'Light', 'x-ratelimit-type': 'QPS' },
    ),
};

/** Zoom's `yyyy-MM-ddTHH:mm:ss` with an optional fraction and `Z`. */
const ZOOM_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z?$/;

/** The fields of `POST /users/me/meetings` the stand-in checks, as Zoom's validation does (code 300). */
function invalidMeetingField(body: Record<string, unknown>): string | null {
  if (body.topic !== undefined && (typeof body.topic !== 'string' || body.topic.length > 200)) return 'topic';
  if (body.type !== 2) return 'type';
  const start = body.start_time;
  if (typeof start !== 'string' || !ZOOM_TIME.test(start) || Number.isNaN(Date.parse(start))) return 'start_time';
  if (!Number.isInteger(body.duration) || (body.duration as number) <= 0) return 'duration';
  if (body.timezone !== undefined && typeof body.timezone !== 'string') return 'timezone';
  return null;
}

const zoomTime = (instant: string) => new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The stand-in's Zoom user id of an account: stable, as Zoom's are. */
const zoomUserId = (account: string) =>
  createHash('sha256').update(account.toLowerCase()).digest('base64url').slice(0, 22);

/** The meeting as Zoom answers `POST /users/me/meetings`, its join link a page of this stand-in. */
function zoomMeeting(meeting: StandInMeeting, siteOrigin: string) {
  return {
    id: meeting.id,
    host_id: zoomUserId(meeting.account),
    host_email: meeting.account,
    topic: meeting.topic,
    type: 2,
    status: 'waiting',
    start_time: zoomTime(meeting.startTime),
    duration: meeting.durationMinutes,
    timezone: 'UTC',
    created_at: zoomTime(meeting.createdAt),
    start_url: `${siteOrigin}/_local/zoom/s/${meeting.id}`,
    join_url: `${siteOrigin}/_local/zoom/j/${meeting.id}`,
    settings: { waiting_room: true },
  };
}

async function serveApi(req: IncomingMessage, res: ServerResponse, path: string, store: CalendarStandInStore) {
  const method = req.method ?? 'GET';
  const account = await authorized(req, res, 'zoom', store, REFUSALS);
  if (!account) return;
  if (method === 'POST' && path === '/users/me/meetings') {
    const body = await readJson(req);
    if (!body) return zoomError(res, 400, 300, 'Request Body should be a valid JSON object.');
    const field = invalidMeetingField(body);
    if (field) {
      return zoomError(res, 400, 300, 'Validation Failed.', { errors: [{ field, message: 'Invalid field.' }] });
    }
    const meeting = store.addMeeting(account, {
      topic: (body.topic as string | undefined) ?? 'Zoom Meeting',
      startTime: new Date(body.start_time as string).toISOString(),
      durationMinutes: body.duration as number,
    });
    return json(res, 201, zoomMeeting(meeting, process.env.SITE_ORIGIN ?? ''));
  }
  const meeting = /^\/meetings\/([^/]+)$/.exec(path)?.[1];
  if (method === 'DELETE' && meeting) {
    const id = decodeURIComponent(meeting);
    if (!store.deleteMeeting(account, id)) return zoomError(res, 404, 3001, `Meeting does not exist: ${id}.`);
    return json(res, 204, undefined);
  }
  zoomError(res, 404, 404, 'Not a path of the local Zoom stand-in.');
}

/**
 * `meeting.participant_joined` as Zoom sends it (developers.zoom.us/docs/api/meetings/events): the
 * host is the meeting's Zoom user, signed in; an attendee joins through the link without a Zoom
 * account, for whom Zoom sends an empty participant `id`.
 */
function participantJoined(meeting: StandInMeeting, as: 'host' | 'attendee', at: Date) {
  const host = zoomUserId(meeting.account);
  const participant =
    as === 'host'
      ? { id: host, participant_user_id: host, user_name: 'Host', email: meeting.account }
      : { id: '', participant_user_id: '', user_name: 'Attendee', email: '' };
  return {
    event: 'meeting.participant_joined',
    event_ts: at.getTime(),
    payload: {
      account_id: `account-${host}`,
      object: {
        id: String(meeting.id),
        uuid: createHash('sha256').update(String(meeting.id)).digest('base64'),
        host_id: host,
        topic: meeting.topic,
        type: 2,
        start_time: zoomTime(meeting.startTime),
        timezone: 'UTC',
        duration: meeting.durationMinutes,
        participant: {
          ...participant,
          user_id: String(randomBytes(4).readUInt32BE()),
          participant_uuid: randomBytes(16).toString('hex'),
          join_time: zoomTime(at.toISOString()),
        },
      },
    },
  };
}

/**
 * Sends one event to the app's webhook (LOCAL_ZOOM_WEBHOOK_URL) as Zoom does, signed with the
 * app's secret token, and answers what the webhook answered: a control waits for it, so a test reads
 * the join's effect right after. Zoom's own retries of a failed delivery are not played.
 */
async function deliverToApp(event: object): Promise<{ status: number; body: string }> {
  const url = process.env.LOCAL_ZOOM_WEBHOOK_URL;
  if (!url) throw new Error('LOCAL_ZOOM_WEBHOOK_URL is not set: the local stack sets it when the API server starts');
  const body = JSON.stringify(event);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signZoomEvent(body, LOCAL_ZOOM_CLIENT.webhookSecretToken, new Date()),
    },
    body,
  });
  return { status: response.status, body: await response.text() };
}

/** `POST /_local/zoom/meetings/{id}/join {"as": "host"|"attendee"}`: someone joins the meeting now, and Zoom tells the app. */
async function joinControl(req: IncomingMessage, res: ServerResponse, meetingId: string, store: CalendarStandInStore) {
  const as = (await readJson(req))?.as;
  if (as !== 'host' && as !== 'attendee')
    return json(res, 400, { error: 'Send {"as": "host"} or {"as": "attendee"}.' });
  const meeting = store.meeting(meetingId);
  if (!meeting || meeting.deleted) return json(res, 404, { error: `No meeting ${meetingId} to join.` });
  const event = participantJoined(meeting, as, new Date());
  json(res, 200, { event, webhook: await deliverToApp(event) });
}

/** `/_local/zoom/*`: the consent page, token endpoint, API, meeting rooms and test controls. */
export async function serveZoomStandIn(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  store: CalendarStandInStore,
  requestLog: RequestLog,
) {
  const rest = url.pathname.slice('/_local/zoom'.length);
  const method = req.method ?? 'GET';
  if (rest === '/authorize' && method === 'GET') {
    const problem = authorizeProblem(url.searchParams, {
      clientId: LOCAL_ZOOM_CLIENT.clientId,
      callbackPath: CALLBACK_PATH,
    });
    if (problem) return zoomPage(res, 400, 'Invalid request', `<h1>Invalid request</h1><p>${escapeHtml(problem)}</p>`);
    return consentPage(res, url.searchParams, store);
  }
  if (rest === '/oauth/token' && method === 'POST') return tokenEndpoint(req, res, store, requestLog);
  if (rest.startsWith('/v2/')) {
    requestLog.recordOnAnswer('zoom', req, res, { path: rest });
    return serveApi(req, res, rest.slice('/v2'.length), store);
  }
  const room = /^\/(j|s)\/(\d+)$/.exec(rest);
  if (room && method === 'GET') {
    return zoomPage(
      res,
      200,
      'Meeting',
      `<h1>Meeting ${escapeHtml(room[2] as string)} (local stand-in)</h1><p class="note">In production this link opens the Zoom meeting for the session.</p>`,
    );
  }
  const joining = /^\/meetings\/(\d+)\/join$/.exec(rest);
  if (joining && method === 'POST') return joinControl(req, res, joining[1] as string, store);
  if (await serveGrantControls(req, res, 'zoom', rest, store)) return;
  zoomPage(res, 404, 'Not found', '<h1>Not a page of the local Zoom stand-in</h1>');
}

/**
 * The product's Zoom configuration pointing at the stand-in, unless the developer set a Zoom app of
 * their own: the consent page where the browser reaches it, the token endpoint and API where the
 * functions do.
 */
export function localZoomEnvironment(origins: { browserOrigin: string; serverOrigin: string }) {
  const own = process.env.ZOOM_CLIENT_ID;
  if (own && own !== LOCAL_ZOOM_CLIENT.clientId) return {};
  return {
    ZOOM_CLIENT_ID: LOCAL_ZOOM_CLIENT.clientId,
    ZOOM_CLIENT_SECRET: LOCAL_ZOOM_CLIENT.clientSecret,
    ZOOM_WEBHOOK_SECRET_TOKEN: LOCAL_ZOOM_CLIENT.webhookSecretToken,
    ZOOM_AUTHORIZE_URL: `${origins.browserOrigin}/_local/zoom/authorize`,
    ZOOM_TOKEN_URL: `${origins.serverOrigin}/_local/zoom/oauth/token`,
    ZOOM_API_URL: `${origins.serverOrigin}/_local/zoom/v2`,
  };
}
