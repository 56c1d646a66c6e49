import { npiCheckAnswer, type VerificationView, verificationView } from '@functions/schemas/verification';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterMyPublicProfileChange } from '@/lib/cache-invalidation';
import { queryKeys } from '@/lib/query-keys';

/** While the registry has not been reached the server retries by itself; the card looks again this often. */
const PENDING_REFRESH_MS = 10_000;

export const verificationQuery = () =>
  queryOptions({
    queryKey: queryKeys.me.verification(),
    queryFn: async () => verificationView.parse(await api.get('/me/verification')),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_REFRESH_MS : false),
  });

export const useVerification = () => useQuery(verificationQuery());

export const checkNpi = async (npi: string): Promise<VerificationView> =>
  npiCheckAnswer.parse(await api.put('/me/npi', { npi })).verification;

/** A check changes the badge on the mentor's public card and page. */
export function useCheckNpi(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkNpi,
    onSuccess: (verification) => {
      queryClient.setQueryData(queryKeys.me.verification(), verification);
      void afterMyPublicProfileChange(queryClient, userId);
    },
  });
}
