import { meetingsFromEnvironment } from '../adapters/meetings';
import { connectServiceHandler } from '../http/service-connection';

/** `POST /api/me/zoom`: let us create Zoom meetings on the coach's account. */
export const handler = connectServiceHandler({ service: 'zoom', label: 'Zoom', provider: meetingsFromEnvironment });
