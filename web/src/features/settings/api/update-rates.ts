import type { RatesUpdate } from '@functions/schemas/coach-settings';
import { type Profile, profile } from '@functions/schemas/profile';
import * as z from '@functions/schemas/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterMyPublicProfileChange } from '@/lib/cache-invalidation';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/me/rates` answers with the rates card's fields as saved. */
const savedRates = z.pick(profile, {
  hourlyRateCents: true,
  offersFreeConsult: true,
  freeConsultMinutes: true,
  coachBio: true,
  calendlyUrl: true,
});
export type SavedRates = Pick<Profile, keyof typeof savedRates.shape>;

export const updateRates = async (update: RatesUpdate): Promise<SavedRates> =>
  savedRates.parse(await api.put('/me/rates', update));

/** The rate and coach bio count towards the publication checklist, and show on the coach's public page. */
export function useUpdateRates(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRates,
    onSuccess: (saved) => {
      queryClient.setQueryData<Profile>(queryKeys.me.profile(), (cached) => cached && { ...cached, ...saved });
      void afterMyPublicProfileChange(queryClient, userId);
    },
  });
}
