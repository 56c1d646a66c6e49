import { DomainError } from '../domain/errors';
import { failedConditions, transact } from './dynamo';
import { keys } from './keys';
import type { ProfileItem } from '../domain/profile-item';
import { getProfile } from './profiles';
import type { RatingItem } from '../domain/rating-item';
import { ratingOfSession } from './session-ratings';

const MAX_RATING_ATTEMPTS = 8;

/**
 * The coach's exact sum of stars rides along on the profile item (`ratingSum`, written only here),
 * so the stored average never drifts by rounding; profiles written before it (the demo seed) have
 * only the average and count, whose product gives the integer sum back.
 */
const starsSum = (coach: ProfileItem, count: number) =>
  coach.ratingSum ?? Math.round((coach.averageRating ?? 0) * count);

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

const alreadyRated = () => new DomainError('ALREADY_RATED', 'You have already rated this session');

/**
 * Stores a mentee's rating in one transaction with what it changes: the rating itself (once per
 * session), the session marked rated (only a completed session of this mentee), and the coach's
 * average and count, conditioned on the count read just before so concurrent ratings of one coach
 * retry instead of overwriting each other's average. The average is recomputed from the stored
 * sum, so rounding never drifts.
 */
export async function storeRating(rating: RatingItem, now: Date): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const coach = (await getProfile(rating.coachId)) as ProfileItem | null;
    if (!coach) throw new DomainError('NOT_FOUND', 'This mentor no longer exists.');
    const count = coach.totalRatings ?? 0;
    const newSum = starsSum(coach, count) + rating.rating;
    try {
      await transact([
        {
          Put: {
            Item: { ...keys.rating(rating.sessionId), ...keys.coachRating(rating), ...rating },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            Key: keys.session(rating.sessionId),
            UpdateExpression: 'SET rated = :true, updatedAt = :now',
            ConditionExpression:
              '#status = :completed AND menteeId = :rater AND coachId = :coach AND attribute_not_exists(rated)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':true': true,
              ':completed': 'completed',
              ':rater': rating.ratedBy,
              ':coach': rating.coachId,
              ':now': now.toISOString(),
            },
          },
        },
        {
          Update: {
            Key: keys.profile(rating.coachId),
            UpdateExpression: 'SET totalRatings = :count, averageRating = :average, ratingSum = :sum',
            ConditionExpression:
              count === 0
                ? 'attribute_exists(pk) AND (attribute_not_exists(totalRatings) OR totalRatings = :seen)'
                : 'totalRatings = :seen',
            ExpressionAttributeValues: {
              ':count': count + 1,
              ':average': twoDecimals(newSum / (count + 1)),
              ':sum': newSum,
              ':seen': count,
            },
          },
        },
      ]);
      return;
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed) throw error;
      const [ratingFailed, sessionFailed] = failed;
      if (ratingFailed || (await ratingOfSession(rating.sessionId))) throw alreadyRated();
      if (sessionFailed) throw new DomainError('NOT_RATEABLE', 'Only a completed session you attended can be rated.');
      // The coach's count moved (another rating landed) or a transaction was in flight: read again.
      if (attempt >= MAX_RATING_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}
