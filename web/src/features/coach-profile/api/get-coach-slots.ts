import { BOOKING_HORIZON_DAYS } from '@functions/domain/constants';
import { slotList } from '@functions/schemas/coach';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every bookable slot of one length from now to the end of the booking horizon. */
export const getCoachSlots = async (coachId: string, minutes: number) => {
  const now = DateTime.utc();
  const { slots } = slotList.parse(
    await api.get(`/coaches/${coachId}/slots`, {
      from: now.toISO(),
      to: now.plus({ days: BOOKING_HORIZON_DAYS }).toISO(),
      duration: minutes,
    }),
  );
  return slots;
};

// The window is worked out when fetching, so the key stays the same for the whole visit.
export const coachSlotsQuery = (coachId: string, minutes: number) =>
  queryOptions({
    queryKey: queryKeys.coaches.slotsOfLength(coachId, minutes),
    queryFn: () => getCoachSlots(coachId, minutes),
  });

export const useCoachSlots = (coachId: string, minutes: number) => useQuery(coachSlotsQuery(coachId, minutes));
