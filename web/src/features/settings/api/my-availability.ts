import {
  type Availability,
  availability,
  availabilityList,
  type NewAvailability,
} from '@functions/schemas/availability';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterAvailabilityChange } from '@/lib/cache-invalidation';
import { queryKeys } from '@/lib/query-keys';

export const getMyAvailability = async (): Promise<Availability[]> =>
  availabilityList.parse(await api.get('/me/availability')).availability;

export const myAvailabilityQuery = () =>
  queryOptions({ queryKey: queryKeys.me.availability(), queryFn: getMyAvailability });

export const useMyAvailability = () => useQuery(myAvailabilityQuery());

export const addAvailability = async (window: NewAvailability): Promise<Availability> =>
  availability.parse(await api.post('/me/availability', window));

export const removeAvailability = async (id: string): Promise<void> => {
  await api.delete(`/me/availability/${encodeURIComponent(id)}`);
};

function useAvailabilityMutation<Variables, Result>(
  userId: string,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => afterAvailabilityChange(queryClient, userId) });
}

export const useAddAvailability = (userId: string) => useAvailabilityMutation(userId, addAvailability);
export const useRemoveAvailability = (userId: string) => useAvailabilityMutation(userId, removeAvailability);
