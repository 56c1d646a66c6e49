import { externalEventView } from '@functions/schemas/external-calendar';
import { api } from '@/lib/api-client';

/** The event the viewer just scheduled in the coach's calendar, as the server read it there, with its price. */
export const getExternalEvent = async (coachId: string, uri: string) =>
  externalEventView.parse(await api.get(`/coaches/${coachId}/external-events`, { uri }));
