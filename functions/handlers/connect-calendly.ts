import { externalCalendarFromEnvironment } from '../adapters/external-calendar';
import { connectServiceHandler } from '../http/service-connection';

/** `POST /api/me/calendly`: let us read the events booked in the coach's Calendly. */
export const handler = connectServiceHandler({
  service: 'calendly',
  label: 'Calendly',
  provider: externalCalendarFromEnvironment,
});
