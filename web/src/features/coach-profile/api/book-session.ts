import { bookingResult, type NewBooking } from '@functions/schemas/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterBooking } from '@/lib/cache-invalidation';
import { markBookedWith } from '@/lib/coach-slots';

export const bookSession = async (booking: NewBooking) => bookingResult.parse(await api.post('/sessions', booking));

/** Books on the server, which decides price and status; afterwards what the booking changed is re-read (the coach's slots past the edge cache). */
export function useBookSession(coachId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSession,
    onSettled: () => {
      markBookedWith(coachId);
      return afterBooking(queryClient, coachId);
    },
  });
}
