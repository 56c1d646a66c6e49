import { moderationOnFirstUse } from '../../adapters/moderation';
import { getProfile } from '../../data/profiles';
import { storeRating } from '../../data/rating-writes';
import { ratingOfSession } from '../../data/session-ratings';
import { reviewerName } from '../../domain/display-name';
import { DomainError } from '../../domain/errors';
import { isRateable, NOT_DELIVERED_MESSAGE, NOT_RATEABLE_MESSAGE } from '../../domain/ratings';
import { outcomeStateOf } from '../../domain/session-outcome';
import type { RateSessionInput } from '../../schemas/session-actions';
import { completedIfEnded, sessionOfParty } from '../booking/party-session';

/**
 * The mentee of a completed session rates it once (spec section 6), once it was delivered (both
 * said it happened, or nobody reported otherwise in the window: domain/session-outcome.ts), if it
 * was paid or was a free consultation they joined (domain/ratings.ts). The rating always counts; moderation only decides
 * whether the review text is shown, and that is what the answer says.
 */
export async function rateSession(userId: string, sessionId: string, input: RateSessionInput, now: Date) {
  const session = await completedIfEnded(await sessionOfParty(sessionId, userId), now);
  if (session.menteeId !== userId) throw new DomainError('FORBIDDEN', 'Coaches cannot rate sessions.');
  if (session.rated || (await ratingOfSession(session.id))) {
    throw new DomainError('ALREADY_RATED', 'You have already rated this session');
  }
  if (session.status !== 'completed') {
    throw new DomainError('NOT_RATEABLE', 'Only a completed session can be rated.');
  }
  if (!isRateable({ ...session, menteeJoined: Boolean(session.menteeJoinedAt) })) {
    throw new DomainError('NOT_RATEABLE', NOT_RATEABLE_MESSAGE);
  }
  if (outcomeStateOf(session, now) !== 'delivered') throw new DomainError('NOT_RATEABLE', NOT_DELIVERED_MESSAGE);
  const mentee = await getProfile(userId);
  // The schema trims a review and makes an empty one null.
  const moderationStatus = input.reviewText
    ? (await moderationOnFirstUse()).moderateReview(input.reviewText)
    : 'approved';
  await storeRating(
    {
      sessionId: session.id,
      coachId: session.coachId,
      ratedBy: userId,
      reviewerName: mentee ? reviewerName(mentee) : 'Anonymous',
      rating: input.rating as 1 | 2 | 3 | 4 | 5,
      reviewText: input.reviewText,
      moderationStatus,
      createdAt: now.toISOString(),
    },
    now,
  );
  return moderationStatus;
}
