import { serviceCallbackHandler } from '../http/service-connection';
import { meetings } from '../runtime/ports/meetings';

/** `GET /api/zoom/callback`. */
export const handler = serviceCallbackHandler({ service: 'zoom', label: 'Zoom', provider: meetings });
