import type { IncomingMessage, ServerResponse } from 'node:http';
import { isExternalCalendarUrl } from '../../functions/domain/external-calendar';
import { escapeHtml } from '../../functions/domain/html';
import { type CalendarStandInStore, OAuthError, type StandInScheduledEvent } from './calendar-standin-store';
import { type ApiRefusals, authorizeProblem, authorized, json, serveGrantControls } from './oauth-standin-api';
import type { RequestLog } from './request-log';
import { hidden, readForm, redirect, standInPage } from './standin-pages';

/**
 * `/_local/calendly/*`: Calendly's OAuth (consent page, token endpoint) and the part of its API the
 * product's adapter reads (functions/adapters/external-calendar.ts: a scheduled event; the current
 * user), in Calendly's request and answer shapes, errors included; the booking embed, whose
 * scheduled events the API then answers; test controls beside them.
 */

/** The client credentials the local stack gives the product's Calendly app. */
export const LOCAL_CALENDLY_CLIENT = { clientId: 'local-calendly-client', clientSecret: 'local-calendly-secret' };
const CALLBACK_PATH = '/api/calendly/callback';
const DAY_MS = 24 * 60 * 60_000;
const EMBED = '/embed';
/** The stand-in's scheduling embed, named to the SPA by the local runtime config (`calendlyEmbedPath`). */
export const CALENDLY_EMBED_PATH = `/_local/calendly${EMBED}`;

/** Where the functions reach the stand-in's API (api.calendly.com's place): the event URIs the embed names start here. */
export const calendlyStandInApiUrl = (serverOrigin: string) => `${serverOrigin}/_local/calendly/api`;

/** What the embed offers: the next three days at these UTC hours, each with its own length. */
const OFFERED = [
  { hour: 10, minutes: 30 },
  { hour: 14, minutes: 45 },
] as const;
const OFFERED_DAYS = 3;

const calendlyPage = (res: ServerResponse, status: number, title: string, body: string) =>
  standInPage(res, status, `${title} · Calendly (local stand-in)`, body);

const eventName = (minutes: number) => `${minutes} Minute Meeting`;

/** A Calendly user is named by the first segment of their scheduling link, as at Calendly. */
const usernameOf = (calendarUrl: string) =>
  new URL(calendarUrl).pathname.split('/').filter(Boolean)[0]?.toLowerCase() ?? '';

const AUTHORIZE_FIELDS = [
  'client_id',
  'response_type',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

function consentPage(res: ServerResponse, query: URLSearchParams) {
  const decline = `${query.get('redirect_uri')}?${new URLSearchParams({ error: 'access_denied', state: query.get('state') as string })}`;
  const fields = AUTHORIZE_FIELDS.map((name) => hidden(name, query.get(name) as string)).join('');
  calendlyPage(
    res,
    200,
    'Allow access',
    `<h1>Calendly (local stand-in)</h1>
<p class="note">The local stack stands in for Calendly's sign-in and consent screen. Allowing lets the app read the events mentees schedule on your calendar; nothing here reaches Calendly.</p>
<form method="get" action="/_local/calendly/authorize/allow">${fields}
<p><label for="scheduling_url">Your Calendly link</label><br>
<input id="scheduling_url" name="scheduling_url" type="url" required placeholder="https://calendly.com/your-name" size="40"></p>
<button type="submit" class="primary">Allow</button></form>
<p><a class="button" href="${escapeHtml(decline)}">Decline</a></p>`,
  );
}

/** The times the embed offers from now on, in whole UTC hours. */
function offeredTimes(now: Date) {
  const midnight = new Date(now);
  midnight.setUTCHours(0, 0, 0, 0);
  const times: { start: Date; minutes: number }[] = [];
  for (let day = 1; day <= OFFERED_DAYS; day++) {
    for (const { hour, minutes } of OFFERED) {
      times.push({ start: new Date(midnight.getTime() + day * DAY_MS + hour * 60 * 60_000), minutes });
    }
  }
  return times;
}

const timeLabel = (start: Date) =>
  start.toLocaleString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

function embedPage(res: ServerResponse, calendarUrl: string) {
  const rows = offeredTimes(new Date())
    .map(({ start, minutes }) => {
      const fields =
        hidden('url', calendarUrl) + hidden('start', start.toISOString()) + hidden('minutes', String(minutes));
      const label = `${timeLabel(start)} UTC, ${eventName(minutes)}`;
      return `<li><form method="post" action="${CALENDLY_EMBED_PATH}/schedule">${fields}
<span>${escapeHtml(label)}</span>
<button type="submit" class="primary" aria-label="Schedule ${escapeHtml(label)}">Schedule</button></form></li>`;
    })
    .join('\n');
  calendlyPage(
    res,
    200,
    'Select a time',
    `<h1>Select a time</h1>
<p class="note">The local stack stands in for the Calendly booking page of ${escapeHtml(calendarUrl)}. Scheduling here tells the app, as Calendly's embed does.</p>
<ul style="list-style:none;padding:0">${rows}</ul>`,
  );
}

/** What Calendly's embed does once an invitee has scheduled: tell the parent page the event's URIs (no times). */
function scheduledPage(res: ServerResponse, label: string, message: unknown, parentOrigin: string) {
  const json = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');
  calendlyPage(
    res,
    200,
    'Scheduled',
    `<h1>You are scheduled</h1>
<p>${escapeHtml(label)}</p>
<script>window.parent.postMessage(${json(message)}, ${json(parentOrigin)});</script>`,
  );
}

async function schedule(req: IncomingMessage, res: ServerResponse, store: CalendarStandInStore, apiUrl: string) {
  const form = await readForm(req);
  const calendarUrl = form.get('url') ?? '';
  const start = new Date(form.get('start') ?? '');
  const minutes = Number(form.get('minutes'));
  const siteOrigin = process.env.SITE_ORIGIN;
  if (!siteOrigin || !isExternalCalendarUrl(calendarUrl) || Number.isNaN(start.getTime()) || !(minutes > 0)) {
    return calendlyPage(res, 400, 'Bad request', '<h1>This time cannot be scheduled</h1>');
  }
  const event = store.addScheduledEvent({
    user: usernameOf(calendarUrl),
    start: start.toISOString(),
    end: new Date(start.getTime() + minutes * 60_000).toISOString(),
    name: eventName(minutes),
    status: 'active',
  });
  const eventUri = `${apiUrl}/scheduled_events/${event.uuid}`;
  scheduledPage(
    res,
    `${timeLabel(start)} UTC, ${eventName(minutes)}`,
    {
      event: 'calendly.event_scheduled',
      payload: { event: { uri: eventUri }, invitee: { uri: `${eventUri}/invitees/${event.inviteeUuid}` } },
    },
    new URL(siteOrigin).origin,
  );
}

/** Calendly's token endpoint: the client in the form (or HTTP Basic), errors as `{error, error_description}`. */
async function tokenEndpoint(
  req: IncomingMessage,
  res: ServerResponse,
  store: CalendarStandInStore,
  requestLog: RequestLog,
  apiUrl: string,
) {
  const form = await readForm(req);
  const grantType = form.get('grant_type') ?? '';
  requestLog.recordOnAnswer('calendly', req, res, { path: '/oauth/token', action: grantType });
  const basic = /^Basic (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  const [clientId, clientSecret] = basic
    ? Buffer.from(basic, 'base64').toString('utf8').split(':')
    : [form.get('client_id'), form.get('client_secret')];
  if (clientId !== LOCAL_CALENDLY_CLIENT.clientId || clientSecret !== LOCAL_CALENDLY_CLIENT.clientSecret) {
    return json(res, 401, {
      error: 'invalid_client',
      error_description:
        'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
    });
  }
  try {
    const tokens =
      grantType === 'authorization_code'
        ? store.redeemCode('calendly', {
            code: form.get('code') ?? '',
            clientId,
            redirectUri: form.get('redirect_uri') ?? '',
            codeVerifier: form.get('code_verifier') ?? '',
          })
        : grantType === 'refresh_token'
          ? store.refreshSingleUse('calendly', form.get('refresh_token') ?? '', clientId)
          : null;
    if (!tokens) throw new OAuthError('unsupported_grant_type', 'The authorization grant type is not supported.');
    const account = store.accountOf('calendly', tokens.accessToken) as string;
    return json(res, 200, {
      token_type: 'Bearer',
      expires_in: tokens.expiresIn,
      created_at: Math.floor(Date.now() / 1000),
      refresh_token: tokens.refreshToken,
      scope: 'default',
      access_token: tokens.accessToken,
      owner: userUri(apiUrl, account),
      organization: `${apiUrl}/organizations/local`,
    });
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    // Calendly's words (RFC 6749's, as its OAuth server words them) for any refused grant.
    const description =
      error.error === 'invalid_grant'
        ? 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.'
        : error.description;
    return json(res, 400, { error: error.error, error_description: description });
  }
}

const userUri = (apiUrl: string, username: string) => `${apiUrl}/users/${encodeURIComponent(username)}`;

const calendlyError = (res: ServerResponse, status: number, title: string, message: string, headers = {}) =>
  json(res, status, { title, message }, headers);

const REFUSALS: ApiRefusals = {
  unauthorized: (res, expired) =>
    calendlyError(res, 401, 'Unauthenticated', expired ? 'The access token expired' : 'The access token is invalid'),
  throttled: (res) =>
    calendlyError(res, 429, 'Too Many Requests', 'You have exceeded the rate limit. Please try again later.', {
      'x-ratelimit-limit': '500',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '60',
    }),
};

/** A scheduled event's resource as `GET /scheduled_events/{uuid}` answers it. */
function scheduledEventResource(event: StandInScheduledEvent, apiUrl: string) {
  return {
    uri: `${apiUrl}/scheduled_events/${event.uuid}`,
    name: event.name,
    meeting_notes_plain: null,
    meeting_notes_html: null,
    status: event.status,
    start_time: event.start,
    end_time: event.end,
    event_type: `${apiUrl}/event_types/${event.user}-${Math.round((Date.parse(event.end) - Date.parse(event.start)) / 60_000)}`,
    location: null,
    invitees_counter: { total: 1, active: event.status === 'active' ? 1 : 0, limit: 1 },
    created_at: event.createdAt,
    updated_at: event.createdAt,
    event_memberships: [{ user: userUri(apiUrl, event.user), user_email: `${event.user}@calendly.local` }],
    event_guests: [],
  };
}

async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  store: CalendarStandInStore,
  apiUrl: string,
) {
  const user = await authorized(req, res, 'calendly', store, REFUSALS);
  if (!user) return;
  if (req.method === 'GET' && path === '/users/me') {
    return json(res, 200, {
      resource: {
        uri: userUri(apiUrl, user),
        name: user,
        slug: user,
        email: `${user}@calendly.local`,
        scheduling_url: `https://calendly.com/${user}`,
        timezone: 'UTC',
        current_organization: `${apiUrl}/organizations/local`,
      },
    });
  }
  const uuid = /^\/scheduled_events\/([^/]+)$/.exec(path)?.[1];
  const event = req.method === 'GET' && uuid ? store.scheduledEvent(decodeURIComponent(uuid)) : undefined;
  if (!event) {
    return calendlyError(res, 404, 'Resource Not Found', 'The server could not find the requested resource.');
  }
  if (event.user !== user) {
    return calendlyError(res, 403, 'Permission Denied', 'You do not have permission to access this resource.');
  }
  json(res, 200, { resource: scheduledEventResource(event, apiUrl) });
}

/** `/_local/calendly/*`: the consent page, token endpoint, API, booking embed and test controls. */
export async function serveCalendlyStandIn(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  store: CalendarStandInStore,
  requestLog: RequestLog,
  serverOrigin: string,
) {
  const rest = url.pathname.slice('/_local/calendly'.length);
  const route = `${req.method ?? 'GET'} ${rest}`;
  const apiUrl = calendlyStandInApiUrl(serverOrigin);
  if (route === 'GET /authorize' || route === 'GET /authorize/allow') {
    const query = url.searchParams;
    const problem = authorizeProblem(query, { clientId: LOCAL_CALENDLY_CLIENT.clientId, callbackPath: CALLBACK_PATH });
    if (problem)
      return calendlyPage(res, 400, 'Invalid request', `<h1>Invalid request</h1><p>${escapeHtml(problem)}</p>`);
    if (route === 'GET /authorize') return consentPage(res, query);
    const calendarUrl = query.get('scheduling_url') ?? '';
    if (!isExternalCalendarUrl(calendarUrl)) {
      return calendlyPage(
        res,
        400,
        'Bad link',
        '<h1>Enter a Calendly link such as https://calendly.com/your-name</h1>',
      );
    }
    const redirectUri = query.get('redirect_uri') as string;
    const code = store.issueCode({
      provider: 'calendly',
      account: usernameOf(calendarUrl),
      clientId: LOCAL_CALENDLY_CLIENT.clientId,
      redirectUri,
      codeChallenge: query.get('code_challenge') as string,
      scope: 'default',
    });
    return redirect(res, `${redirectUri}?${new URLSearchParams({ code, state: query.get('state') as string })}`);
  }
  if (route === 'POST /oauth/token') return tokenEndpoint(req, res, store, requestLog, apiUrl);
  if (rest.startsWith('/api/')) {
    const path = rest.slice('/api'.length);
    requestLog.recordOnAnswer('calendly', req, res, { path });
    return serveApi(req, res, path, store, apiUrl);
  }
  if (route === `GET ${EMBED}`) {
    const calendarUrl = url.searchParams.get('url') ?? '';
    if (!isExternalCalendarUrl(calendarUrl)) {
      return calendlyPage(res, 400, 'Bad link', '<h1>The embed needs a Calendly link</h1>');
    }
    return embedPage(res, calendarUrl);
  }
  if (route === `POST ${EMBED}/schedule`) return schedule(req, res, store, apiUrl);
  if (await serveGrantControls(req, res, 'calendly', rest, store)) return;
  calendlyPage(res, 404, 'Not found', '<h1>Not a page of the local Calendly stand-in</h1>');
}

/**
 * The product's Calendly configuration pointing at the stand-in, unless the developer set a Calendly
 * app of their own: the consent page where the browser reaches it, the token endpoint and API where
 * the functions do.
 */
export function localCalendlyEnvironment(origins: { browserOrigin: string; serverOrigin: string }) {
  const own = process.env.CALENDLY_CLIENT_ID;
  if (own && own !== LOCAL_CALENDLY_CLIENT.clientId) return {};
  return {
    CALENDLY_CLIENT_ID: LOCAL_CALENDLY_CLIENT.clientId,
    CALENDLY_CLIENT_SECRET: LOCAL_CALENDLY_CLIENT.clientSecret,
    CALENDLY_AUTHORIZE_URL: `${origins.browserOrigin}/_local/calendly/authorize`,
    CALENDLY_TOKEN_URL: `${origins.serverOrigin}/_local/calendly/oauth/token`,
    CALENDLY_API_URL: calendlyStandInApiUrl(origins.serverOrigin),
  };
}
