import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * What each change makes stale, in one place, so no screen shows the world from before it. Queries
 * on screen refetch at once; the others refetch when next shown.
 */
const invalidateAll = (queryClient: QueryClient, keys: readonly (readonly unknown[])[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * A booking takes the coach's time, may use the free consultation or a plan's session, and is a
 * new session on the dashboard.
 */
export const afterBooking = (queryClient: QueryClient, coachId: string) =>
  invalidateAll(queryClient, [
    queryKeys.me.sessions(),
    queryKeys.coaches.slots(coachId),
    queryKeys.me.freeConsultation(coachId),
    queryKeys.me.subscriptions(),
  ]);

/** A cancelled session frees the coach's time again, and may give a plan's session back. */
export const afterCancelling = (queryClient: QueryClient, session: { id: string; coachId: string }) =>
  invalidateAll(queryClient, [
    queryKeys.me.sessions(),
    queryKeys.sessions.detail(session.id),
    queryKeys.coaches.slots(session.coachId),
    queryKeys.me.freeConsultation(session.coachId),
    queryKeys.me.subscriptions(),
  ]);

/** A moved session frees its old time and takes its new one. */
export const afterRescheduling = (queryClient: QueryClient, session: { id: string; coachId: string }) =>
  invalidateAll(queryClient, [
    queryKeys.me.sessions(),
    queryKeys.sessions.detail(session.id),
    queryKeys.coaches.slots(session.coachId),
  ]);

/** A rating changes the coach's reviews, average and count, wherever the coach is shown. */
export const afterRating = (queryClient: QueryClient, session: { id: string; coachId: string }) =>
  invalidateAll(queryClient, [
    queryKeys.me.sessions(),
    queryKeys.sessions.detail(session.id),
    queryKeys.coaches.ratings(session.coachId),
    queryKeys.coaches.detail(session.coachId),
    queryKeys.coaches.lists(),
  ]);

/** A report of how a session went may decide its outcome: a refund, a plan session back, the coach's pay. */
export const afterOutcomeReport = (queryClient: QueryClient, session: { id: string }) =>
  invalidateAll(queryClient, [
    queryKeys.me.sessions(),
    queryKeys.sessions.detail(session.id),
    queryKeys.me.subscriptions(),
    queryKeys.me.earnings(),
  ]);

/**
 * The signed-in user changed what mentees may see of them (publication, profile, rates, photo):
 * their checklist, their public page and the directory. The caller puts the saved profile in the
 * cache itself, as the server answered it.
 */
export const afterMyPublicProfileChange = (queryClient: QueryClient, userId: string) =>
  invalidateAll(queryClient, [queryKeys.me.publication(), queryKeys.coaches.detail(userId), queryKeys.coaches.lists()]);

/** Availability decides the coach's bookable slots and is on the publication checklist. */
export const afterAvailabilityChange = (queryClient: QueryClient, userId: string) =>
  invalidateAll(queryClient, [
    queryKeys.me.availability(),
    queryKeys.me.publication(),
    queryKeys.coaches.slots(userId),
  ]);
