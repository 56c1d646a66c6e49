import { serviceConnectLink } from '@functions/schemas/service-connection';
import { api } from '@/lib/api-client';

/** The service's authorize page; it sends the browser back to /settings?{service}=connected or ?{service}_error=…. */
export const requestServiceAuthorization = async (service: 'zoom' | 'calendly'): Promise<string> =>
  serviceConnectLink.parse(await api.post(`/me/${service}`)).url;
