import { meetingsFromEnvironment } from '../adapters/meetings';
import { serviceCallbackHandler } from '../http/service-connection';

/** `GET /api/zoom/callback`. */
export const handler = serviceCallbackHandler({ service: 'zoom', label: 'Zoom', provider: meetingsFromEnvironment });
