import { zoomMeetings } from '../../adapters/meetings';
import type { Meetings } from '../../domain/ports';
import { port } from '../composition-root';

/** Zoom where its app credentials are set, else none. */
export const meetings = (): Meetings | null => {
  const { ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET } = process.env;
  return port(
    'meetings',
    () => (ZOOM_CLIENT_ID && ZOOM_CLIENT_SECRET ? zoomMeetings(ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET) : null),
    `${ZOOM_CLIENT_ID ?? ''} ${ZOOM_CLIENT_SECRET ?? ''}`,
  );
};
