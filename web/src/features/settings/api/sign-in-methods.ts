import { type FirstPassword, type SignInMethodsView, signInMethods } from '@functions/schemas/sign-in-methods';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const signInMethodsQuery = () =>
  queryOptions({
    queryKey: queryKeys.me.signInMethods(),
    queryFn: async () => signInMethods.parse(await api.get('/me/sign-in-methods')),
  });

export const useSignInMethods = () => useQuery(signInMethodsQuery());

const setFirstPassword = async (input: FirstPassword): Promise<SignInMethodsView> =>
  signInMethods.parse(await api.put('/me/password', input));

/** An account made by a Google sign-in sets its first password; it then has one like any other. */
export function useSetFirstPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFirstPassword,
    onSuccess: (methods) => queryClient.setQueryData(queryKeys.me.signInMethods(), methods),
  });
}
