import { bookingResult, type NewBooking } from '@functions/schemas/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markBookedWith } from './get-coach-slots';

export const bookSession = async (booking: NewBooking) => bookingResult.parse(await api.post('/sessions', booking));

/** Books on the server, which decides price and status; afterwards the coach's slots (past the edge cache) and the free-consult allowance are re-read. */
export function useBookSession(coachId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSession,
    onSettled: () => {
      markBookedWith(coachId);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['coaches', coachId, 'slots'] }),
        queryClient.invalidateQueries({ queryKey: ['me', 'free-consultations', coachId] }),
      ]);
    },
  });
}
