import { contactView } from '@functions/schemas/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** Whether the signed-in user may message a member (a booking between them), and their conversation. */
export const contactQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.me.contact(userId),
    queryFn: async () => contactView.parse(await api.get(`/me/contacts/${encodeURIComponent(userId)}`)),
  });

export const useContact = (userId: string, enabled = true) => useQuery({ ...contactQuery(userId), enabled });
