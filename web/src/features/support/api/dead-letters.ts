import { deadLetterList, type ReasonInput } from '@functions/schemas/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SUPPORT_KEY, useSupportAction } from './support-action';

/** `GET /api/support/dead-letters`: the jobs that ran out of retries. */
export const deadLettersQuery = () =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'dead-letters'],
    queryFn: async () => deadLetterList.parse(await api.get('/support/dead-letters')),
  });

export const useDeadLetters = () => useQuery(deadLettersQuery());

/** `POST /api/support/dead-letters/{id}/redrive {reason}`: runs the job again, once. */
export const useRedrive = () =>
  useSupportAction(({ deadLetterId, reason }: { deadLetterId: string } & ReasonInput) => ({
    path: `/support/dead-letters/${encodeURIComponent(deadLetterId)}/redrive`,
    body: { reason },
  }));
