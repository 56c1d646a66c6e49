import { connectServiceHandler } from '../http/service-connection';
import { externalCalendar } from '../runtime/ports/external-calendar';

/** `POST /api/me/calendly`: let us read the events booked in the coach's Calendly. */
export const handler = connectServiceHandler({
  service: 'calendly',
  label: 'Calendly',
  provider: externalCalendar,
});
