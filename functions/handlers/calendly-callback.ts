import { serviceCallbackHandler } from '../http/service-connection';
import { externalCalendar } from '../runtime/ports/external-calendar';

/** `GET /api/calendly/callback`. */
export const handler = serviceCallbackHandler({
  service: 'calendly',
  label: 'Calendly',
  provider: externalCalendar,
});
