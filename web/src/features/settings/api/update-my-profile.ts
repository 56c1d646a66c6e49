import { type Profile, type ProfileUpdate, profile } from '@functions/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterMyPublicProfileChange } from '@/lib/cache-invalidation';
import { queryKeys } from '@/lib/query-keys';

export const updateMyProfile = async (update: ProfileUpdate): Promise<Profile> =>
  profile.parse(await api.patch('/me', update));

/** Every screen reads the one cached profile; names, photo and specialty also show on the public pages. */
export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.me.profile(), updated);
      void afterMyPublicProfileChange(queryClient, updated.userId);
    },
  });
}
