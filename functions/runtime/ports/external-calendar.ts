import { calendlyCalendar } from '../../adapters/external-calendar';
import type { ExternalCalendar } from '../../domain/ports';
import { port } from '../composition-root';

/** Calendly where its app credentials are set, else none. */
export const externalCalendar = (): ExternalCalendar | null => {
  const { CALENDLY_CLIENT_ID, CALENDLY_CLIENT_SECRET } = process.env;
  return port(
    'externalCalendar',
    () =>
      CALENDLY_CLIENT_ID && CALENDLY_CLIENT_SECRET
        ? calendlyCalendar(CALENDLY_CLIENT_ID, CALENDLY_CLIENT_SECRET)
        : null,
    `${CALENDLY_CLIENT_ID ?? ''} ${CALENDLY_CLIENT_SECRET ?? ''}`,
  );
};
