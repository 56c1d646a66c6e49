import { externalCalendarFromEnvironment } from '../adapters/external-calendar';
import { serviceCallbackHandler } from '../http/service-connection';

/** `GET /api/calendly/callback`. */
export const handler = serviceCallbackHandler({
  service: 'calendly',
  label: 'Calendly',
  provider: externalCalendarFromEnvironment,
});
