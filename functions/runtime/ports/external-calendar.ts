import { CALENDLY_API_URL, calendlyCalendar } from '../../adapters/external-calendar';
import type { ExternalCalendar } from '../../domain/ports';
import { port } from '../composition-root';

/** What Calendly is built from: the app's credentials and Calendly's addresses. */
const CALENDLY_SETTINGS = [
  'CALENDLY_CLIENT_ID',
  'CALENDLY_CLIENT_SECRET',
  'CALENDLY_AUTHORIZE_URL',
  'CALENDLY_TOKEN_URL',
  'CALENDLY_API_URL',
] as const;

/**
 * Calendly where its app credentials are set, else none; at Calendly's own addresses unless the
 * configuration names others (`npm start` sets its stand-in's: bin/local/calendly-standin.ts).
 */
export const externalCalendar = (): ExternalCalendar | null => {
  const env = process.env;
  return port(
    'externalCalendar',
    () =>
      env.CALENDLY_CLIENT_ID && env.CALENDLY_CLIENT_SECRET
        ? calendlyCalendar({
            clientId: env.CALENDLY_CLIENT_ID,
            clientSecret: env.CALENDLY_CLIENT_SECRET,
            authorizeUrl: env.CALENDLY_AUTHORIZE_URL ?? 'https://auth.calendly.com/oauth/authorize',
            tokenUrl: env.CALENDLY_TOKEN_URL ?? 'https://auth.calendly.com/oauth/token',
            apiUrl: env.CALENDLY_API_URL ?? CALENDLY_API_URL,
          })
        : null,
    CALENDLY_SETTINGS.map((name) => env[name] ?? '').join(' '),
  );
};
