import { zoomConnectLink } from '@functions/schemas/zoom';
import { api } from '@/lib/api-client';

/** Zoom's authorize page; it sends the browser back to /settings?zoom=connected or ?zoom_error=…. */
export const requestZoomAuthorization = async (): Promise<string> =>
  zoomConnectLink.parse(await api.post('/me/zoom')).url;
