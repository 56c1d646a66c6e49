import { type SetupChecklistView, setupChecklistView } from '@functions/schemas/coach-settings';
import type { Profile } from '@functions/schemas/profile';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myProfileQueryKey } from './get-my-profile';

/** `GET/PUT /api/me/publication`: the setup checklist, and listing in the directory. */
export const setupChecklistQueryKey = ['me', 'publication'] as const;

export const getSetupChecklist = async (): Promise<SetupChecklistView> =>
  setupChecklistView.parse(await api.get('/me/publication'));

export const setupChecklistQuery = () => queryOptions({ queryKey: setupChecklistQueryKey, queryFn: getSetupChecklist });

export const useSetupChecklist = () => useQuery(setupChecklistQuery());

export const updatePublication = async (published: boolean): Promise<void> => {
  await api.put('/me/publication', { published });
};

const withPublished = (published: boolean) => (profile: Profile | undefined) => profile && { ...profile, published };

/** The switch moves at once; a refused change puts it back (spec section 4: a failed toggle reverts). */
export function useUpdatePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublication,
    onMutate: async (published) => {
      await queryClient.cancelQueries({ queryKey: myProfileQueryKey });
      queryClient.setQueryData(myProfileQueryKey, withPublished(published));
    },
    onError: (_error, published) => queryClient.setQueryData(myProfileQueryKey, withPublished(!published)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['me'] }),
  });
}
