import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every console query's key starts here, so one action refreshes what it may have changed: queues, pages, the log. */
export const SUPPORT_KEY = ['support'] as const;

/**
 * A staff action: one POST, then every console query is read again (a suspension cancels sessions,
 * a resolution leaves the dispute queue, each adds an audit entry).
 */
export function useSupportAction<Variables>(request: (variables: Variables) => { path: string; body: unknown }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => {
      const { path, body } = request(variables);
      return api.post<unknown>(path, body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUPPORT_KEY }),
  });
}
