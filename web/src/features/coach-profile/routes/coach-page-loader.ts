import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { coachQuery } from '../api/get-coach';
import { coachRatingsQuery, DEFAULT_RATING_SORT } from '../api/get-coach-ratings';
import { coachSlotsQuery } from '@/lib/coach-slots';
import { DEFAULT_SESSION_OPTION } from '../session-options';

/**
 * Starts the page's reads side by side while its code loads, instead of coach → slots and reviews
 * once each component has rendered; it does not wait for them, so the page shows its skeleton at once.
 * The slots are read for the default length even for a coach who books through Calendly: one
 * cached public read, against a round trip saved for every other coach.
 */
export function coachPageLoader({ params }: LoaderFunctionArgs): null {
  const coachId = params.coachId ?? '';
  void queryClient.prefetchQuery(coachQuery(coachId));
  void queryClient.prefetchQuery(coachSlotsQuery(coachId, DEFAULT_SESSION_OPTION.minutes, 'paid'));
  void queryClient.prefetchInfiniteQuery(coachRatingsQuery(coachId, DEFAULT_RATING_SORT));
  return null;
}
