import { type Profile, type ProfileUpdate, profile } from '@functions/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myProfileQueryKey } from './get-my-profile';

export const updateMyProfile = async (update: ProfileUpdate): Promise<Profile> =>
  profile.parse(await api.patch('/me', update));

/** Every 'me' query (the home page's user type too) sees the change. */
export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(myProfileQueryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['me'], refetchType: 'none' });
    },
  });
}
