import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../../functions/domain/html';
import { appUrl, standInPage } from './standin-pages';

const zoomPage = (res: ServerResponse, status: number, title: string, body: string) =>
  standInPage(res, status, `${title} · Zoom (local stand-in)`, body);

function consentPage(res: ServerResponse, redirectUri: string, state: string) {
  const answer = (query: Record<string, string>) => `${redirectUri}?${new URLSearchParams({ ...query, state })}`;
  const code = `local-code-${crypto.randomUUID()}`;
  zoomPage(
    res,
    200,
    'Allow access',
    `<h1>Zoom (local stand-in)</h1>
<p class="note">The local stack stands in for Zoom's consent screen. Allowing lets the app create meeting links for your sessions; nothing here reaches Zoom.</p>
<p><a class="button primary" href="${escapeHtml(answer({ code }))}">Allow</a>
<a class="button" href="${escapeHtml(answer({ error: 'access_denied' }))}">Decline</a></p>`,
  );
}

/** `/_local/zoom/*`: the consent page and the meeting rooms the local Meetings stand-in links to. */
export function serveZoomStandIn(res: ServerResponse, url: URL) {
  if (url.pathname === '/_local/zoom/authorize') {
    const redirectUri = appUrl(url.searchParams.get('redirect_uri'));
    const state = url.searchParams.get('state');
    if (!redirectUri || !state)
      return zoomPage(res, 400, 'Bad link', '<h1>The consent link needs the app’s redirect URI and a state</h1>');
    return consentPage(res, redirectUri, state);
  }
  const meeting = /^\/_local\/zoom\/j\/(\d+)$/.exec(url.pathname);
  if (meeting) {
    return zoomPage(
      res,
      200,
      'Meeting',
      `<h1>Meeting ${escapeHtml(meeting[1] as string)} (local stand-in)</h1><p class="note">In production this link opens the Zoom meeting for the session.</p>`,
    );
  }
  return zoomPage(res, 404, 'Not found', '<h1>Not a page of the local Zoom stand-in</h1>');
}
