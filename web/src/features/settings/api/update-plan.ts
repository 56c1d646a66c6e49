import { type PlanInput, ownPlan } from '@functions/schemas/plans';
import type { Profile } from '@functions/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterMyPublicProfileChange } from '@/lib/cache-invalidation';
import { queryKeys } from '@/lib/query-keys';

export const updatePlan = async (plan: PlanInput): Promise<PlanInput> => ownPlan.parse(await api.put('/me/plan', plan));

/** The plan shows on the coach's public page and marks them in the directory. */
export function useUpdatePlan(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: (plan) => {
      queryClient.setQueryData<Profile>(queryKeys.me.profile(), (cached) => cached && { ...cached, plan });
      void afterMyPublicProfileChange(queryClient, userId);
    },
  });
}
