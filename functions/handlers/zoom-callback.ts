import { meetingsFromEnvironment } from '../adapters/meetings';
import { saveMeetingTokens, takeMeetingConsent } from '../data/meeting-connections';
import { httpHandler } from '../http/handler';
import { log } from '../http/log';
import { siteOrigin } from '../http/site';
import { zoomCallbackQuery } from '../schemas/zoom';
import { zoomRedirectUri } from './connect-zoom';

const backToSettings = (query: Record<string, string>) => ({
  status: 302,
  headers: { location: `${siteOrigin()}/settings?${new URLSearchParams(query)}` },
});

/**
 * `GET /api/zoom/callback`: Zoom sends the browser here after consent. The code is exchanged
 * server-side and the tokens stay in the table; the browser only learns whether it worked.
 */
export const handler = httpHandler({ schemas: { query: zoomCallbackQuery } }, async ({ query, now }) => {
  const meetings = meetingsFromEnvironment();
  const userId = query.state ? await takeMeetingConsent(query.state, now) : null;
  if (!meetings || !userId) {
    return backToSettings({ zoom_error: 'This Zoom connection link has expired. Please try again.' });
  }
  if (query.error || !query.code) {
    return backToSettings({
      zoom_error:
        query.error === 'access_denied' ? 'Zoom access was not granted.' : 'Zoom did not complete the connection.',
    });
  }
  try {
    await saveMeetingTokens(userId, await meetings.exchangeCode(query.code, zoomRedirectUri()), now);
  } catch (error) {
    log('error', 'Zoom code exchange failed', { userId, error: String(error) });
    return backToSettings({ zoom_error: 'Zoom could not be reached. Please try again.' });
  }
  return backToSettings({ zoom: 'connected' });
});
