import { connectServiceHandler } from '../http/service-connection';
import { meetings } from '../runtime/ports/meetings';

/** `POST /api/me/zoom`: let us create Zoom meetings on the coach's account. */
export const handler = connectServiceHandler({ service: 'zoom', label: 'Zoom', provider: meetings });
