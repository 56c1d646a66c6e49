import { externalCalendarFromEnvironment } from '../adapters/external-calendar';
import { saveServiceTokens, takeConsent } from '../data/meeting-connections';
import { httpHandler } from '../http/handler';
import { log } from '../http/log';
import { siteOrigin } from '../http/site';
import { calendlyCallbackQuery } from '../schemas/external-calendar';
import { calendlyRedirectUri } from './connect-calendly';

const backToSettings = (query: Record<string, string>) => ({
  status: 302,
  headers: { location: `${siteOrigin()}/settings?${new URLSearchParams(query)}` },
});

/**
 * `GET /api/calendly/callback`: Calendly sends the browser here after consent. The code is
 * exchanged server-side and the tokens stay in the table; the browser only learns whether it worked.
 */
export const handler = httpHandler({ schemas: { query: calendlyCallbackQuery } }, async ({ query, now }) => {
  const calendar = externalCalendarFromEnvironment();
  const userId = query.state ? await takeConsent('calendly', query.state, now) : null;
  if (!calendar || !userId) {
    return backToSettings({ calendly_error: 'This Calendly connection link has expired. Please try again.' });
  }
  if (query.error || !query.code) {
    return backToSettings({
      calendly_error:
        query.error === 'access_denied'
          ? 'Calendly access was not granted.'
          : 'Calendly did not complete the connection.',
    });
  }
  try {
    await saveServiceTokens('calendly', userId, await calendar.exchangeCode(query.code, calendlyRedirectUri()), now);
  } catch (error) {
    log('error', 'Calendly code exchange failed', { userId, error: String(error) });
    return backToSettings({ calendly_error: 'Calendly could not be reached. Please try again.' });
  }
  return backToSettings({ calendly: 'connected' });
});
