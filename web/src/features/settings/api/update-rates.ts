import type { RatesUpdate } from '@functions/schemas/coach-settings';
import { type Profile, profile } from '@functions/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myProfileQueryKey } from './get-my-profile';
import { setupChecklistQueryKey } from './publication';

/** `PUT /api/me/rates` answers with the rates card's fields as saved. */
const savedRates = profile.pick({
  hourlyRateCents: true,
  offersFreeConsult: true,
  freeConsultMinutes: true,
  coachBio: true,
  calendlyUrl: true,
});
export type SavedRates = Pick<Profile, keyof typeof savedRates.shape>;

export const updateRates = async (update: RatesUpdate): Promise<SavedRates> =>
  savedRates.parse(await api.put('/me/rates', update));

/** The rate and coach bio count towards the publication checklist. */
export function useUpdateRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRates,
    onSuccess: (saved) => {
      queryClient.setQueryData<Profile>(myProfileQueryKey, (cached) => cached && { ...cached, ...saved });
      void queryClient.invalidateQueries({ queryKey: setupChecklistQueryKey });
    },
  });
}
