import {
  type Availability,
  availability,
  availabilityList,
  type NewAvailability,
} from '@functions/schemas/availability';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setupChecklistQueryKey } from './publication';

export const myAvailabilityQueryKey = ['me', 'availability'] as const;

export const getMyAvailability = async (): Promise<Availability[]> =>
  availabilityList.parse(await api.get('/me/availability')).availability;

export const myAvailabilityQuery = () => queryOptions({ queryKey: myAvailabilityQueryKey, queryFn: getMyAvailability });

export const useMyAvailability = () => useQuery(myAvailabilityQuery());

export const addAvailability = async (window: NewAvailability): Promise<Availability> =>
  availability.parse(await api.post('/me/availability', window));

export const removeAvailability = async (id: string): Promise<void> => {
  await api.delete(`/me/availability/${encodeURIComponent(id)}`);
};

/** Whether any slot exists is on the publication checklist, so both lists reload. */
function useAvailabilityMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myAvailabilityQueryKey }),
        queryClient.invalidateQueries({ queryKey: setupChecklistQueryKey }),
      ]),
  });
}

export const useAddAvailability = () => useAvailabilityMutation(addAvailability);
export const useRemoveAvailability = () => useAvailabilityMutation(removeAvailability);
