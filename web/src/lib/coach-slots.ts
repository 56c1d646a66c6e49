import type { BookingKind } from '@functions/domain/booking';
import { BOOKING_HORIZON_DAYS } from '@functions/domain/constants';
import { freshKeyAt, SLOTS_EDGE_STALE_MS } from '@functions/http/edge-cache';
import { slotList } from '@functions/schemas/coach';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * When this visitor last booked with a coach: until the edge cache can no longer hold the slots as
 * they were before, their reads carry a new cache key, so the slot they took is gone at once.
 */
const bookedAt = new Map<string, number>();
export const markBookedWith = (coachId: string) => bookedAt.set(coachId, Date.now());

function freshKey(coachId: string): string | undefined {
  const at = bookedAt.get(coachId);
  return at !== undefined && Date.now() - at < SLOTS_EDGE_STALE_MS ? freshKeyAt(Date.now()) : undefined;
}

/**
 * Every bookable slot of one length from now to the end of the booking horizon. The window starts
 * at the whole minute (the server clips it to now), so visitors share one edge-cache key a minute.
 */
export const getCoachSlots = async (coachId: string, minutes: number, kind: BookingKind) => {
  const from = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
  const { slots } = slotList.parse(
    await api.get(`/coaches/${coachId}/slots`, {
      from: new Date(from).toISOString(),
      to: new Date(from + BOOKING_HORIZON_DAYS * DAY_MS).toISOString(),
      duration: minutes,
      kind,
      fresh: freshKey(coachId),
    }),
  );
  return slots;
};

// The window is worked out when fetching, so the key stays the same for the whole visit.
export const coachSlotsQuery = (coachId: string, minutes: number, kind: BookingKind) =>
  queryOptions({
    queryKey: queryKeys.coaches.slotsOfLength(coachId, minutes, kind),
    queryFn: () => getCoachSlots(coachId, minutes, kind),
  });

/** A free consultation's slots start sooner than a paid session's: it needs less notice. */
export const useCoachSlots = (coachId: string, minutes: number, kind: BookingKind) =>
  useQuery(coachSlotsQuery(coachId, minutes, kind));
