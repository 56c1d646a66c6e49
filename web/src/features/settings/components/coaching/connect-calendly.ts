import { calendlyConnectLink } from '@functions/schemas/external-calendar';
import { api } from '@/lib/api-client';

/** Calendly's authorize page; it sends the browser back to /settings?calendly=connected or ?calendly_error=…. */
export const requestCalendlyAuthorization = async (): Promise<string> =>
  calendlyConnectLink.parse(await api.post('/me/calendly')).url;
