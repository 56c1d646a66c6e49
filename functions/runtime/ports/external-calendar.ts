import { CALENDLY_API_URL, calendlyCalendar } from '../../adapters/external-calendar';
import type { ExternalCalendar } from '../../domain/ports';
import { port } from '../composition-root';
import { configuredOAuthApp } from './oauth-app';

const CALENDLY_APP = {
  clientId: 'CALENDLY_CLIENT_ID',
  clientSecret: 'CALENDLY_CLIENT_SECRET',
  addresses: {
    authorizeUrl: ['CALENDLY_AUTHORIZE_URL', 'https://auth.calendly.com/oauth/authorize'],
    tokenUrl: ['CALENDLY_TOKEN_URL', 'https://auth.calendly.com/oauth/token'],
    apiUrl: ['CALENDLY_API_URL', CALENDLY_API_URL],
  },
} as const;

/** Calendly where its app credentials are set, else none (`npm start` names its stand-in's addresses: bin/local/calendly-standin.ts). */
export const externalCalendar = (): ExternalCalendar | null => {
  const calendly = configuredOAuthApp(CALENDLY_APP);
  return port('externalCalendar', () => (calendly.app ? calendlyCalendar(calendly.app) : null), calendly.settings);
};
