import { moderationOnFirstUse } from '../adapters/moderation';
import { getProfile } from '../data/profiles';
import { storeRating } from '../data/rating-writes';
import { ratingOfSession } from '../data/session-ratings';
import { DomainError } from '../domain/errors';
import { isRateable, NOT_RATEABLE_MESSAGE } from '../domain/ratings';
import { httpHandler } from '../http/handler';
import { sessionPath } from '../schemas/session';
import { type RatingResult, rateSessionInput } from '../schemas/session-actions';
import { completedIfEnded, sessionOfParty } from '../workflows/booking/party-session';
import { reviewerName } from '../domain/display-name';

/**
 * `POST /api/sessions/{id}/rating {rating, reviewText?}`: the mentee of a completed session rates
 * it once (spec section 6), if it was paid or was a free consultation they joined (domain/ratings.ts). The rating always counts; moderation only decides whether the review
 * text is shown.
 */
export const handler = httpHandler(
  { schemas: { path: sessionPath, body: rateSessionInput }, auth: true },
  async ({ path, body, caller, now }) => {
    const session = await completedIfEnded(await sessionOfParty(path.id, caller.userId), now);
    if (session.menteeId !== caller.userId) throw new DomainError('FORBIDDEN', 'Coaches cannot rate sessions.');
    if (session.rated || (await ratingOfSession(session.id))) {
      throw new DomainError('ALREADY_RATED', 'You have already rated this session');
    }
    if (session.status !== 'completed') {
      throw new DomainError('NOT_RATEABLE', 'Only a completed session can be rated.');
    }
    if (!isRateable({ ...session, menteeJoined: Boolean(session.menteeJoinedAt) })) {
      throw new DomainError('NOT_RATEABLE', NOT_RATEABLE_MESSAGE);
    }
    const mentee = await getProfile(caller.userId);
    // The schema trims a review and makes an empty one null.
    const moderationStatus = body.reviewText
      ? (await moderationOnFirstUse()).moderateReview(body.reviewText)
      : 'approved';
    await storeRating(
      {
        sessionId: session.id,
        coachId: session.coachId,
        ratedBy: caller.userId,
        reviewerName: mentee ? reviewerName(mentee) : 'Anonymous',
        rating: body.rating as 1 | 2 | 3 | 4 | 5,
        reviewText: body.reviewText,
        moderationStatus,
        createdAt: now.toISOString(),
      },
      now,
    );
    const result: RatingResult = { moderationStatus };
    return { status: 201, body: result };
  },
);
