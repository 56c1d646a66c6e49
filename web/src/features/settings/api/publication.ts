import { type SetupChecklistView, setupChecklistView } from '@functions/schemas/coach-settings';
import type { Profile } from '@functions/schemas/profile';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterMyPublicProfileChange } from '@/lib/cache-invalidation';
import { queryKeys } from '@/lib/query-keys';

/** `GET/PUT /api/me/publication`: the setup checklist, and listing in the directory. */
export const getSetupChecklist = async (): Promise<SetupChecklistView> =>
  setupChecklistView.parse(await api.get('/me/publication'));

export const setupChecklistQuery = () =>
  queryOptions({ queryKey: queryKeys.me.publication(), queryFn: getSetupChecklist });

export const useSetupChecklist = () => useQuery(setupChecklistQuery());

export const updatePublication = async (published: boolean): Promise<void> => {
  await api.put('/me/publication', { published });
};

const withPublished = (published: boolean) => (profile: Profile | undefined) => profile && { ...profile, published };

/**
 * The switch moves at once; a refused change puts it back (spec section 4: a failed toggle reverts).
 * Either way the directory and the coach's public page are read again.
 */
export function useUpdatePublication(userId: string) {
  const queryClient = useQueryClient();
  const profileKey = queryKeys.me.profile();
  return useMutation({
    mutationFn: updatePublication,
    onMutate: async (published) => {
      await queryClient.cancelQueries({ queryKey: profileKey });
      queryClient.setQueryData(profileKey, withPublished(published));
    },
    onError: (_error, published) => queryClient.setQueryData(profileKey, withPublished(!published)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKey }),
        afterMyPublicProfileChange(queryClient, userId),
      ]),
  });
}
