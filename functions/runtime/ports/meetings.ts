import { zoomMeetings } from '../../adapters/meetings';
import type { Meetings } from '../../domain/ports';
import { port } from '../composition-root';
import { configuredOAuthApp } from './oauth-app';

const ZOOM_APP = {
  clientId: 'ZOOM_CLIENT_ID',
  clientSecret: 'ZOOM_CLIENT_SECRET',
  addresses: {
    authorizeUrl: ['ZOOM_AUTHORIZE_URL', 'https://zoom.us/oauth/authorize'],
    tokenUrl: ['ZOOM_TOKEN_URL', 'https://zoom.us/oauth/token'],
    apiUrl: ['ZOOM_API_URL', 'https://api.zoom.us/v2'],
  },
} as const;

/** Zoom where its app credentials are set, else none (`npm start` names its stand-in's addresses: bin/local/zoom-standin.ts). */
export const meetings = (): Meetings | null => {
  const zoom = configuredOAuthApp(ZOOM_APP);
  return port('meetings', () => (zoom.app ? zoomMeetings(zoom.app) : null), zoom.settings);
};

/** The secret token Zoom signs the app's webhook deliveries with, where it is set (deployed: the Zoom secret's `webhookSecretToken`). */
export const zoomWebhookSecretToken = (): string | null => process.env.ZOOM_WEBHOOK_SECRET_TOKEN || null;
