import { createHash } from 'node:crypto';
import type { RequestLog } from './request-log';
import {
  type ApiRefusals,
  authorizeProblem,
  authorized,
  isInstant,
  json,
  readJson,
  serveGrantControls,
} from './oauth-standin-api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../../functions/domain/html';
import {
  type CalendarStandInProvider,
  type CalendarStandInStore,
  OAuthError,
  type StandInEvent,
} from './calendar-standin-store';
import { readForm, standInPage } from './standin-pages';

/**
 * `/_local/google/*` and `/_local/microsoft/*`: Google's OAuth and Calendar API, and Microsoft's
 * identity platform and Graph calendar API, in their own request and answer shapes (errors
 * included), so the product's adapters (functions/adapters/google-calendar.ts,
 * microsoft-calendar.ts) run unchanged against them. Test controls sit beside them.
 */

/** The client credentials the local stack gives the product for each stand-in. */
export const LOCAL_CALENDAR_CLIENTS: Record<CalendarStandInProvider, { clientId: string; clientSecret: string }> = {
  google: { clientId: 'local-google-calendar-client', clientSecret: 'local-google-calendar-secret' },
  microsoft: { clientId: 'local-microsoft-calendar-client', clientSecret: 'local-microsoft-calendar-secret' },
};

const LABEL: Record<CalendarStandInProvider, string> = { google: 'Google', microsoft: 'Microsoft' };
const utc = (value: string) => new Date(value).toISOString();

/** The account's calendars: its primary one and a second ("Clinic rota"), with provider-shaped ids. */
export function standInCalendars(provider: CalendarStandInProvider, account: string) {
  const tag = createHash('sha256').update(account.toLowerCase()).digest('hex').slice(0, 12);
  return provider === 'google'
    ? [
        { id: account, name: account, primary: true },
        { id: `clinic-${tag}@group.calendar.google.com`, name: 'Clinic rota', primary: false },
      ]
    : [
        { id: `AAMkAD${tag}calendar`, name: 'Calendar', primary: true },
        { id: `AAMkAD${tag}clinic`, name: 'Clinic rota', primary: false },
      ];
}

const REQUIRED_SCOPES: Record<CalendarStandInProvider, string[]> = {
  google: [
    'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
    'https://www.googleapis.com/auth/calendar.freebusy',
    'https://www.googleapis.com/auth/calendar.events.owned',
  ],
  microsoft: ['offline_access', 'Calendars.ReadWrite'],
};

/** Checks an authorize request as the provider would before showing anything. */
function authorizeRequest(provider: CalendarStandInProvider, query: URLSearchParams): string | null {
  const problem = authorizeProblem(query, {
    clientId: LOCAL_CALENDAR_CLIENTS[provider].clientId,
    callbackPath: `/api/calendars/${provider}/callback`,
  });
  if (problem) return problem;
  const scopes = new Set((query.get('scope') ?? '').split(' ').filter(Boolean));
  if (!REQUIRED_SCOPES[provider].every((scope) => scopes.has(scope))) return 'scope lacks a calendar permission.';
  return null;
}

function consentPage(res: ServerResponse, provider: CalendarStandInProvider, url: URL) {
  const action = `${url.pathname}${url.search}`;
  const label = LABEL[provider];
  const what = provider === 'google' ? 'Google Calendar' : 'Microsoft 365 / Outlook';
  standInPage(
    res,
    200,
    `Sign in · ${label} (local stand-in)`,
    `<h1>${escapeHtml(what)} (local stand-in)</h1>
<p class="note">The local stack stands in for ${escapeHtml(label)}'s sign-in and consent screen. Allowing lets Physician Mentors see when you are busy and add booked sessions to your calendar; nothing here reaches ${escapeHtml(label)}.</p>
<form method="post" action="${escapeHtml(action)}">
<p><label for="account">Account e-mail</label><br>
<input id="account" name="account" type="email" required autocomplete="email" size="36"></p>
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</form>`,
  );
}

async function consentAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  provider: CalendarStandInProvider,
  url: URL,
  store: CalendarStandInStore,
) {
  const form = await readForm(req);
  const query = url.searchParams;
  const redirectUri = query.get('redirect_uri') as string;
  const back = (params: Record<string, string>) => {
    res.writeHead(302, {
      location: `${redirectUri}?${new URLSearchParams({ ...params, state: query.get('state') as string })}`,
      'cache-control': 'no-store',
    });
    res.end();
  };
  const decision = form.get('decision');
  if (decision === 'deny') return back({ error: 'access_denied' });
  const account = (form.get('account') ?? '').trim();
  if (decision !== 'allow' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(account)) {
    return standInPage(res, 400, 'Bad request', '<h1>Enter the account e-mail, then Allow or Deny</h1>');
  }
  const code = store.issueCode({
    provider,
    account,
    clientId: query.get('client_id') as string,
    redirectUri,
    codeChallenge: query.get('code_challenge') as string,
    scope: query.get('scope') as string,
  });
  back({ code });
}

/** Both token endpoints: form-encoded in, JSON out, `{error, error_description}` with 400 or 401. */
async function tokenEndpoint(
  req: IncomingMessage,
  res: ServerResponse,
  provider: CalendarStandInProvider,
  store: CalendarStandInStore,
) {
  const form = await readForm(req);
  const client = LOCAL_CALENDAR_CLIENTS[provider];
  const fail = (error: OAuthError) =>
    json(res, error.error === 'invalid_client' ? 401 : 400, {
      error: error.error,
      error_description: error.description,
    });
  try {
    if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret) {
      throw new OAuthError('invalid_client', 'The client id or secret is wrong.');
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const granted = store.redeemCode(provider, {
        code: form.get('code') ?? '',
        clientId: client.clientId,
        redirectUri: form.get('redirect_uri') ?? '',
        codeVerifier: form.get('code_verifier') ?? '',
      });
      return json(res, 200, {
        access_token: granted.accessToken,
        expires_in: granted.expiresIn,
        refresh_token: granted.refreshToken,
        scope: granted.scope,
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const refreshed = store.refresh(provider, refreshToken, client.clientId);
      return json(res, 200, {
        access_token: refreshed.accessToken,
        expires_in: refreshed.expiresIn,
        scope: refreshed.scope,
        token_type: 'Bearer',
        // Google keeps the refresh token; Microsoft hands out a new one with every refresh.
        ...(provider === 'microsoft' ? { refresh_token: store.rotate(refreshToken) } : {}),
      });
    }
    throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  } catch (error) {
    if (error instanceof OAuthError) return fail(error);
    throw error;
  }
}

const googleError = (res: ServerResponse, code: number, status: string, message: string, headers = {}) =>
  json(
    res,
    code,
    { error: { code, message, status, errors: [{ message, domain: 'global', reason: status }] } },
    headers,
  );
const graphError = (res: ServerResponse, status: number, code: string, message: string, headers = {}) =>
  json(res, status, { error: { code, message } }, headers);

const REFUSALS: Record<CalendarStandInProvider, ApiRefusals> = {
  google: {
    unauthorized: (res) => googleError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
    throttled: (res) => googleError(res, 429, 'RESOURCE_EXHAUSTED', 'Rate Limit Exceeded', { 'retry-after': '30' }),
  },
  microsoft: {
    unauthorized: (res) =>
      graphError(res, 401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'),
    throttled: (res) =>
      graphError(res, 429, 'TooManyRequests', 'Please retry after 30 seconds.', { 'retry-after': '30' }),
  },
};

const overlapsWindow = (event: StandInEvent, from: number, to: number) =>
  Date.parse(event.start) < to && Date.parse(event.end) > from;

/** Google's event resource as events.insert/patch/list answer it. */
function googleEvent(event: StandInEvent) {
  const time = (instant: string) =>
    event.allDay ? { date: instant.slice(0, 10) } : { dateTime: utc(instant).replace('.000Z', 'Z'), timeZone: 'UTC' };
  return {
    kind: 'calendar#event',
    id: event.id,
    status: event.cancelled ? 'cancelled' : 'confirmed',
    summary: event.summary,
    ...(event.description ? { description: event.description } : {}),
    ...(event.location ? { location: event.location } : {}),
    start: time(event.start),
    end: time(event.end),
    transparency: event.transparent ? 'transparent' : 'opaque',
    ...(Object.keys(event.privateProperties).length
      ? { extendedProperties: { private: event.privateProperties } }
      : {}),
    created: event.createdAt,
  };
}

/** Google's `{dateTime}` or `{date}`: an all-day date is midnight UTC here. */
const googleTime = (value: unknown): { instant: string; allDay: boolean } | null => {
  const time = value as { dateTime?: unknown; date?: unknown } | undefined;
  if (isInstant(time?.dateTime)) return { instant: utc(time.dateTime), allDay: false };
  if (typeof time?.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(time.date))
    return { instant: `${time.date}T00:00:00.000Z`, allDay: true };
  return null;
};

async function serveGoogleApi(req: IncomingMessage, res: ServerResponse, url: URL, store: CalendarStandInStore) {
  const path = url.pathname.slice('/_local/google/calendar/v3'.length);
  const method = req.method ?? 'GET';
  const account = await authorized(req, res, 'google', store, REFUSALS.google);
  if (!account) return;
  const calendars = standInCalendars('google', account);
  const calendarIdOf = (raw: string) => {
    const id = decodeURIComponent(raw);
    return id === 'primary' ? account : calendars.find((calendar) => calendar.id === id)?.id;
  };

  if (method === 'GET' && path === '/users/me/calendarList') {
    return json(res, 200, {
      kind: 'calendar#calendarList',
      items: calendars.map((calendar) => ({
        kind: 'calendar#calendarListEntry',
        id: calendar.id,
        summary: calendar.name,
        accessRole: 'owner',
        ...(calendar.primary ? { primary: true } : {}),
      })),
    });
  }
  if (method === 'POST' && path === '/freeBusy') {
    const body = await readJson(req);
    const items = body?.items as { id?: unknown }[] | undefined;
    if (!body || !isInstant(body.timeMin) || !isInstant(body.timeMax) || !Array.isArray(items)) {
      return googleError(res, 400, 'INVALID_ARGUMENT', 'timeMin, timeMax and items are required.');
    }
    const from = Date.parse(body.timeMin);
    const to = Date.parse(body.timeMax);
    if (to <= from) return googleError(res, 400, 'INVALID_ARGUMENT', 'The specified time range is empty.');
    const answer: Record<string, unknown> = {};
    const unreadable = store.fault('google', account) === 'calendar_errors';
    for (const item of items) {
      const id = typeof item.id === 'string' ? calendarIdOf(item.id) : undefined;
      if (!id || unreadable) {
        answer[String(item.id)] = {
          errors: [{ domain: 'global', reason: id ? 'backendError' : 'notFound' }],
          busy: [],
        };
        continue;
      }
      answer[String(item.id)] = {
        busy: store
          .events('google', account)
          .filter((event) => event.calendarId === id && !event.cancelled && !event.transparent)
          .filter((event) => overlapsWindow(event, from, to))
          .map((event) => ({
            start: utc(event.start).replace('.000Z', 'Z'),
            end: utc(event.end).replace('.000Z', 'Z'),
          })),
      };
    }
    return json(res, 200, {
      kind: 'calendar#freeBusy',
      timeMin: body.timeMin,
      timeMax: body.timeMax,
      calendars: answer,
    });
  }
  const eventsPath = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
  const calendarId = eventsPath && calendarIdOf(eventsPath[1] as string);
  if (!eventsPath || !calendarId) return googleError(res, 404, 'NOT_FOUND', 'Not Found');
  const eventId = eventsPath[2];
  const own = store.events('google', account).filter((event) => event.calendarId === calendarId);

  if (!eventId && method === 'GET') {
    const privateFilter = url.searchParams.getAll('privateExtendedProperty').map((pair) => pair.split('='));
    const items = own.filter(
      (event) =>
        (url.searchParams.get('showDeleted') === 'true' || !event.cancelled) &&
        privateFilter.every(([name, value]) => name && event.privateProperties[name] === value),
    );
    return json(res, 200, { kind: 'calendar#events', items: items.map(googleEvent) });
  }
  if (!eventId && method === 'POST') {
    const body = await readJson(req);
    const start = googleTime(body?.start);
    const end = googleTime(body?.end);
    if (!body || !start || !end || Date.parse(end.instant) <= Date.parse(start.instant)) {
      return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid start or end time.');
    }
    const properties = (body.extendedProperties as { private?: Record<string, string> } | undefined)?.private ?? {};
    const created = store.addEvent('google', account, {
      calendarId,
      summary: String(body.summary ?? ''),
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      ...(typeof body.location === 'string' ? { location: body.location } : {}),
      start: start.instant,
      end: end.instant,
      allDay: start.allDay,
      transparent: body.transparency === 'transparent',
      privateProperties: properties,
    });
    return json(res, 200, googleEvent(created));
  }
  const event = own.find((candidate) => candidate.id === eventId);
  // Google answers 410 Gone for an event already deleted, 404 for one it never had.
  if (!event) return googleError(res, 404, 'NOT_FOUND', 'Not Found');
  if (event.cancelled) return googleError(res, 410, 'GONE', 'Resource has been deleted');
  if (method === 'DELETE') {
    store.updateEvent('google', account, event.id, { cancelled: true });
    return json(res, 204, undefined);
  }
  if (method === 'PATCH') {
    const body = await readJson(req);
    const start = body?.start === undefined ? undefined : googleTime(body.start);
    const end = body?.end === undefined ? undefined : googleTime(body.end);
    if (!body || start === null || end === null) return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid time.');
    const updated = store.updateEvent('google', account, event.id, {
      ...(typeof body.summary === 'string' ? { summary: body.summary } : {}),
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      ...(start ? { start: start.instant, allDay: start.allDay } : {}),
      ...(end ? { end: end.instant } : {}),
    });
    return json(res, 200, googleEvent(updated as StandInEvent));
  }
  if (method === 'GET') return json(res, 200, googleEvent(event));
  return googleError(res, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
}

/** Graph's `{dateTime, timeZone}` with `Prefer: outlook.timezone="UTC"`: seven fractional digits, no offset. */
const graphTime = (instant: string) => ({ dateTime: utc(instant).replace('.000Z', '.0000000'), timeZone: 'UTC' });
const fromGraphTime = (value: unknown): string | null => {
  const time = value as { dateTime?: unknown; timeZone?: unknown } | undefined;
  if (typeof time?.dateTime !== 'string' || time.timeZone !== 'UTC') return null;
  const instant = `${time.dateTime.replace(/(\.\d{3})\d*$/, '$1')}Z`;
  return isInstant(instant) ? utc(instant) : null;
};
const SESSION_PROPERTY = /^String \{[0-9a-f-]{36}\} Name (\w+)$/i;

function graphEvent(event: StandInEvent) {
  const properties = Object.entries(event.privateProperties);
  return {
    id: event.id,
    subject: event.summary,
    body: { contentType: 'text', content: event.description ?? '' },
    start: graphTime(event.start),
    end: graphTime(event.end),
    isAllDay: event.allDay,
    isCancelled: event.cancelled,
    showAs: event.transparent ? 'free' : 'busy',
    location: { displayName: event.location ?? '' },
    ...(properties.length
      ? {
          singleValueExtendedProperties: properties.map(([name, value]) => ({
            id: `String {66f5a359-4659-4830-9070-00047ec6ac6e} Name ${name}`,
            value,
          })),
        }
      : {}),
  };
}

async function serveGraph(req: IncomingMessage, res: ServerResponse, url: URL, store: CalendarStandInStore) {
  const path = url.pathname.slice('/_local/microsoft/graph/v1.0'.length);
  const method = req.method ?? 'GET';
  const account = await authorized(req, res, 'microsoft', store, REFUSALS.microsoft);
  if (!account) return;
  const calendars = standInCalendars('microsoft', account);
  const events = store.events('microsoft', account);

  if (method === 'GET' && path === '/me/calendars') {
    return json(res, 200, {
      value: calendars.map((calendar) => ({
        id: calendar.id,
        name: calendar.name,
        isDefaultCalendar: calendar.primary,
        canEdit: true,
        owner: { name: account, address: account },
      })),
    });
  }
  const view = /^\/me\/calendars\/([^/]+)\/calendarView$/.exec(path);
  if (method === 'GET' && view) {
    const calendarId = decodeURIComponent(view[1] as string);
    if (!calendars.some((calendar) => calendar.id === calendarId))
      return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    const startDateTime = url.searchParams.get('startDateTime');
    const endDateTime = url.searchParams.get('endDateTime');
    if (!isInstant(startDateTime) || !isInstant(endDateTime)) {
      return graphError(
        res,
        400,
        'ErrorInvalidParameter',
        'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
      );
    }
    // Graph pages calendarView: 10 events unless $top says otherwise (at most 1000), then @odata.nextLink.
    const top = Math.min(Number(url.searchParams.get('$top') ?? 10) || 10, 1000);
    const skip = Number(url.searchParams.get('$skip') ?? 0) || 0;
    const matching = events
      .filter((event) => event.calendarId === calendarId)
      .filter((event) => overlapsWindow(event, Date.parse(startDateTime), Date.parse(endDateTime)))
      .sort((a, b) => a.start.localeCompare(b.start));
    const page = matching.slice(skip, skip + top);
    const next = new URL(url);
    next.searchParams.set('$skip', String(skip + top));
    return json(res, 200, {
      value: page.map(graphEvent),
      ...(skip + top < matching.length ? { '@odata.nextLink': next.href } : {}),
    });
  }
  const create = /^\/me\/calendars\/([^/]+)\/events$/.exec(path);
  if (method === 'POST' && create) {
    const calendarId = decodeURIComponent(create[1] as string);
    if (!calendars.some((calendar) => calendar.id === calendarId))
      return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    const body = await readJson(req);
    const start = fromGraphTime(body?.start);
    const end = fromGraphTime(body?.end);
    if (!body || !start || !end || Date.parse(end) <= Date.parse(start)) {
      return graphError(res, 400, 'ErrorInvalidRequest', 'Invalid start or end.');
    }
    const properties: Record<string, string> = {};
    for (const property of (body.singleValueExtendedProperties as { id?: string; value?: string }[] | undefined) ??
      []) {
      const name = SESSION_PROPERTY.exec(property.id ?? '')?.[1];
      if (!name || typeof property.value !== 'string')
        return graphError(res, 400, 'ErrorInvalidProperty', 'Invalid extended property.');
      properties[name] = property.value;
    }
    const created = store.addEvent('microsoft', account, {
      calendarId,
      summary: String(body.subject ?? ''),
      description: String((body.body as { content?: unknown } | undefined)?.content ?? ''),
      location: String((body.location as { displayName?: unknown } | undefined)?.displayName ?? ''),
      start,
      end,
      allDay: false,
      transparent: body.showAs === 'free',
      privateProperties: properties,
    });
    return json(res, 201, graphEvent(created));
  }
  const one = /^\/me\/events\/([^/]+)$/.exec(path);
  const event = one && events.find((candidate) => candidate.id === one[1] && !candidate.cancelled);
  if (!one) return graphError(res, 400, 'BadRequest', 'Unsupported segment.');
  if (!event) return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
  if (method === 'DELETE') {
    store.updateEvent('microsoft', account, event.id, { cancelled: true });
    return json(res, 204, undefined);
  }
  if (method === 'PATCH') {
    const body = await readJson(req);
    const start = body?.start === undefined ? undefined : fromGraphTime(body.start);
    const end = body?.end === undefined ? undefined : fromGraphTime(body.end);
    if (!body || start === null || end === null) return graphError(res, 400, 'ErrorInvalidRequest', 'Invalid time.');
    const updated = store.updateEvent('microsoft', account, event.id, {
      ...(typeof body.subject === 'string' ? { summary: body.subject } : {}),
      ...(start ? { start } : {}),
      ...(end ? { end } : {}),
    });
    return json(res, 200, graphEvent(updated as StandInEvent));
  }
  if (method === 'GET') return json(res, 200, graphEvent(event));
  return graphError(res, 405, 'ErrorInvalidRequest', 'Method not allowed');
}

/**
 * Test controls (README): `POST|GET /_local/<provider>/calendars/<account>/events` adds an event to
 * the account's primary calendar or lists its events (the product's included); the grants' and
 * faults' controls are every OAuth stand-in's (oauth-standin-api.ts).
 */
async function serveControls(
  req: IncomingMessage,
  res: ServerResponse,
  provider: CalendarStandInProvider,
  rest: string,
  store: CalendarStandInStore,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const answer = (status: number, body: unknown) => {
    json(res, status, body);
    return true;
  };
  const control = /^\/calendars\/([^/]+)\/events$/.exec(rest);
  if (!control) return serveGrantControls(req, res, provider, rest, store);
  const account = decodeURIComponent(control[1] as string);
  if (method === 'GET') return answer(200, { events: store.events(provider, account) });
  if (method !== 'POST') return false;
  const body = await readJson(req);
  const allDay = body?.allDay === true;
  if (
    !body ||
    typeof body.summary !== 'string' ||
    !isInstant(body.start) ||
    !isInstant(body.end) ||
    Date.parse(body.end) <= Date.parse(body.start)
  ) {
    return answer(400, {
      error: 'Send {summary, start, end, transparency?: "opaque"|"transparent", allDay?, cancelled?}',
    });
  }
  const event = store.addEvent(provider, account, {
    calendarId: (standInCalendars(provider, account)[0] as { id: string }).id,
    summary: body.summary,
    start: allDay ? `${utc(body.start).slice(0, 10)}T00:00:00.000Z` : utc(body.start),
    end: allDay ? `${utc(body.end).slice(0, 10)}T00:00:00.000Z` : utc(body.end),
    allDay,
    transparent: body.transparency === 'transparent',
    cancelled: body.cancelled === true,
    privateProperties: {},
  });
  return answer(201, event);
}

/** Routes `/_local/google/*` and `/_local/microsoft/*`. */
export async function serveCalendarStandIns(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  store: CalendarStandInStore,
  requestLog: RequestLog,
): Promise<void> {
  const provider: CalendarStandInProvider = url.pathname.startsWith('/_local/google/') ? 'google' : 'microsoft';
  const rest = url.pathname.slice(`/_local/${provider}`.length);
  const method = req.method ?? 'GET';
  // The product's calls: its functions reach the token endpoint and the APIs; browsers and tests the rest.
  if (/^\/(oauth\/(token|revoke)|calendar\/v3\/|graph\/v1\.0\/)/.test(rest))
    requestLog.recordOnAnswer(provider, req, res);
  if (rest === '/oauth/authorize' && (method === 'GET' || method === 'POST')) {
    const problem = authorizeRequest(provider, url.searchParams);
    if (problem)
      return standInPage(res, 400, 'Error 400', `<h1>Error 400: invalid_request</h1><p>${escapeHtml(problem)}</p>`);
    return method === 'GET' ? consentPage(res, provider, url) : consentAnswer(req, res, provider, url, store);
  }
  if (rest === '/oauth/token' && method === 'POST') return tokenEndpoint(req, res, provider, store);
  if (provider === 'google' && rest === '/oauth/revoke' && method === 'POST') {
    const token = url.searchParams.get('token') ?? (await readForm(req)).get('token') ?? '';
    return store.revokeToken('google', token)
      ? json(res, 200, {})
      : json(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
  }
  if (provider === 'google' && rest.startsWith('/calendar/v3/')) return serveGoogleApi(req, res, url, store);
  if (provider === 'microsoft' && rest.startsWith('/graph/v1.0/')) return serveGraph(req, res, url, store);
  if (await serveControls(req, res, provider, rest, store)) return;
  json(res, 404, { error: { code: 404, message: 'Not a path of the local stand-in' } });
}

/**
 * The product's calendar settings pointing at the stand-ins (unless that provider's own client is
 * set): the consent page where the browser reaches it, the token and API endpoints where the
 * functions do.
 */
export function localCalendarEnvironment(origins: { browserOrigin: string; serverOrigin: string }) {
  const { browserOrigin, serverOrigin } = origins;
  const google = LOCAL_CALENDAR_CLIENTS.google;
  const microsoft = LOCAL_CALENDAR_CLIENTS.microsoft;
  return {
    ...(process.env.GOOGLE_CALENDAR_CLIENT_ID
      ? {}
      : {
          GOOGLE_CALENDAR_CLIENT_ID: google.clientId,
          GOOGLE_CALENDAR_CLIENT_SECRET: google.clientSecret,
          GOOGLE_AUTHORIZE_URL: `${browserOrigin}/_local/google/oauth/authorize`,
          GOOGLE_TOKEN_URL: `${serverOrigin}/_local/google/oauth/token`,
          GOOGLE_REVOKE_URL: `${serverOrigin}/_local/google/oauth/revoke`,
          GOOGLE_CALENDAR_API_URL: `${serverOrigin}/_local/google/calendar/v3`,
        }),
    ...(process.env.MICROSOFT_CALENDAR_CLIENT_ID
      ? {}
      : {
          MICROSOFT_CALENDAR_CLIENT_ID: microsoft.clientId,
          MICROSOFT_CALENDAR_CLIENT_SECRET: microsoft.clientSecret,
          MICROSOFT_AUTHORIZE_URL: `${browserOrigin}/_local/microsoft/oauth/authorize`,
          MICROSOFT_TOKEN_URL: `${serverOrigin}/_local/microsoft/oauth/token`,
          MICROSOFT_GRAPH_URL: `${serverOrigin}/_local/microsoft/graph/v1.0`,
        }),
  };
}
