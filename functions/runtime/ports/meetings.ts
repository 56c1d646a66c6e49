import { zoomMeetings } from '../../adapters/meetings';
import type { Meetings } from '../../domain/ports';
import { port } from '../composition-root';

/** What Zoom is built from: the app's credentials and Zoom's addresses. */
const ZOOM_SETTINGS = [
  'ZOOM_CLIENT_ID',
  'ZOOM_CLIENT_SECRET',
  'ZOOM_AUTHORIZE_URL',
  'ZOOM_TOKEN_URL',
  'ZOOM_API_URL',
] as const;

/**
 * Zoom where its app credentials are set, else none; at Zoom's own addresses unless the
 * configuration names others (`npm start` sets its stand-in's: bin/local/zoom-standin.ts).
 */
export const meetings = (): Meetings | null => {
  const env = process.env;
  return port(
    'meetings',
    () =>
      env.ZOOM_CLIENT_ID && env.ZOOM_CLIENT_SECRET
        ? zoomMeetings({
            clientId: env.ZOOM_CLIENT_ID,
            clientSecret: env.ZOOM_CLIENT_SECRET,
            authorizeUrl: env.ZOOM_AUTHORIZE_URL ?? 'https://zoom.us/oauth/authorize',
            tokenUrl: env.ZOOM_TOKEN_URL ?? 'https://zoom.us/oauth/token',
            apiUrl: env.ZOOM_API_URL ?? 'https://api.zoom.us/v2',
          })
        : null,
    ZOOM_SETTINGS.map((name) => env[name] ?? '').join(' '),
  );
};
