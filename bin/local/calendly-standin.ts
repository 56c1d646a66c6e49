import type { IncomingMessage, ServerResponse } from 'node:http';
import { localCalendlyCode, storeLocalCalendlyEvent } from './calendly-calendar';
import { isExternalCalendarUrl } from '../../functions/domain/external-calendar';
import { escapeHtml } from '../../functions/domain/html';
import { appUrl, hidden, readForm, redirect, standInPage } from './standin-pages';

const DAY_MS = 24 * 60 * 60_000;
/** The stand-in's scheduling embed, named to the SPA by the local runtime config (`calendlyEmbedPath`). */
export const CALENDLY_EMBED_PATH = '/_local/calendly/embed';

/** What the embed offers: the next three days at these UTC hours, each with its own length. */
const OFFERED = [
  { hour: 10, minutes: 30 },
  { hour: 14, minutes: 45 },
] as const;
const OFFERED_DAYS = 3;

const calendlyPage = (res: ServerResponse, status: number, title: string, body: string) =>
  standInPage(res, status, `${title} · Calendly (local stand-in)`, body);

const eventName = (minutes: number) => `${minutes} Minute Meeting`;

function consentPage(res: ServerResponse, redirectUri: string, state: string) {
  const decline = `${redirectUri}?${new URLSearchParams({ error: 'access_denied', state })}`;
  calendlyPage(
    res,
    200,
    'Allow access',
    `<h1>Calendly (local stand-in)</h1>
<p class="note">The local stack stands in for Calendly's sign-in and consent screen. Allowing lets the app read the events mentees schedule on your calendar; nothing here reaches Calendly.</p>
<form method="get" action="/_local/calendly/authorize/allow">${hidden('redirect_uri', redirectUri)}${hidden('state', state)}
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

async function schedule(req: IncomingMessage, res: ServerResponse) {
  const form = await readForm(req);
  const calendarUrl = form.get('url') ?? '';
  const start = new Date(form.get('start') ?? '');
  const minutes = Number(form.get('minutes'));
  const siteOrigin = process.env.SITE_ORIGIN;
  if (!siteOrigin || !isExternalCalendarUrl(calendarUrl) || Number.isNaN(start.getTime()) || !(minutes > 0)) {
    return calendlyPage(res, 400, 'Bad request', '<h1>This time cannot be scheduled</h1>');
  }
  const { eventUri, inviteeUri } = await storeLocalCalendlyEvent(siteOrigin, {
    calendarUrl,
    start: start.toISOString(),
    end: new Date(start.getTime() + minutes * 60_000).toISOString(),
    name: eventName(minutes),
    status: 'active',
  });
  scheduledPage(
    res,
    `${timeLabel(start)} UTC, ${eventName(minutes)}`,
    { event: 'calendly.event_scheduled', payload: { event: { uri: eventUri }, invitee: { uri: inviteeUri } } },
    new URL(siteOrigin).origin,
  );
}

/** `/_local/calendly/*`: the consent page and the booking embed the local Calendly stand-in uses. */
export async function serveCalendlyStandIn(req: IncomingMessage, res: ServerResponse, url: URL) {
  const route = `${req.method ?? 'GET'} ${url.pathname}`;
  if (route === 'GET /_local/calendly/authorize' || route === 'GET /_local/calendly/authorize/allow') {
    const redirectUri = appUrl(url.searchParams.get('redirect_uri'));
    const state = url.searchParams.get('state');
    if (!redirectUri || !state) {
      return calendlyPage(res, 400, 'Bad link', '<h1>The consent link needs the app’s redirect URI and a state</h1>');
    }
    if (route === 'GET /_local/calendly/authorize') return consentPage(res, redirectUri, state);
    const calendarUrl = url.searchParams.get('scheduling_url') ?? '';
    if (!isExternalCalendarUrl(calendarUrl)) {
      return calendlyPage(
        res,
        400,
        'Bad link',
        '<h1>Enter a Calendly link such as https://calendly.com/your-name</h1>',
      );
    }
    return redirect(res, `${redirectUri}?${new URLSearchParams({ code: localCalendlyCode(calendarUrl), state })}`);
  }
  if (route === `GET ${CALENDLY_EMBED_PATH}`) {
    const calendarUrl = url.searchParams.get('url') ?? '';
    if (!isExternalCalendarUrl(calendarUrl)) {
      return calendlyPage(res, 400, 'Bad link', '<h1>The embed needs a Calendly link</h1>');
    }
    return embedPage(res, calendarUrl);
  }
  if (route === `POST ${CALENDLY_EMBED_PATH}/schedule`) return schedule(req, res);
  return calendlyPage(res, 404, 'Not found', '<h1>Not a page of the local Calendly stand-in</h1>');
}
