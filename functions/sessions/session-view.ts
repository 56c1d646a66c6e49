import type { ProfileItem } from '../domain/profile-item';
import type { RatingItem } from '../data/rating-item';
import type { SessionItem } from '../data/session-item';
import type { SessionView } from '../schemas/session';

type OtherParty = Pick<ProfileItem, 'userId' | 'firstName' | 'lastName' | 'credentials' | 'specialty'> | null;

/** The other party's public fields; a deleted account shows as a former member. */
export const otherPartyOf = (userId: string, other: OtherParty) => ({
  userId,
  firstName: other?.firstName ?? 'Former',
  lastName: other?.lastName ?? 'member',
  credentials: other?.credentials ?? null,
  specialty: other?.specialty ?? null,
});

/** A session as one of its parties sees it: the other party's public fields, never their private ones. */
export function toSessionView(
  session: SessionItem,
  viewerId: string,
  other: OtherParty,
  rating: RatingItem | null,
): SessionView {
  const viewerRole = session.coachId === viewerId ? 'coach' : 'mentee';
  const otherId = viewerRole === 'coach' ? session.menteeId : session.coachId;
  return {
    id: session.id,
    coachId: session.coachId,
    menteeId: session.menteeId,
    viewerRole,
    start: session.start,
    end: session.end,
    durationMinutes: session.durationMinutes,
    priceCents: session.priceCents,
    status: session.status,
    sessionType: 'one-time',
    isFreeConsultation: session.isFreeConsultation,
    bookingMethod: session.bookingMethod,
    cancellationReason: session.cancellationReason ?? null,
    cancelledBy: session.cancelledBy ?? null,
    meetingUrl: session.meetingUrl ?? null,
    meetingNote: session.meetingNote ?? null,
    menteeJoined: Boolean(session.menteeJoinedAt),
    rescheduleCount: session.rescheduleCount ?? 0,
    history: session.history ?? [],
    otherParty: otherPartyOf(otherId, other),
    rating: rating
      ? {
          rating: rating.rating,
          reviewText: rating.moderationStatus === 'approved' ? rating.reviewText : null,
          moderationStatus: rating.moderationStatus,
          createdAt: rating.createdAt,
        }
      : null,
    ...(session.paidBy === 'plan' ? { paidBy: 'plan' as const } : {}),
    ...(session.refund
      ? {
          refund: {
            status: session.refund.status,
            amountCents: session.refund.amountCents,
            ...(session.refund.failure === 'disputed' ? { disputed: true } : {}),
          },
        }
      : {}),
  };
}

/** Another user's session answers exactly as a missing one does, so ids cannot be probed. */
export const isPartyOf = (session: SessionItem, userId: string) =>
  session.coachId === userId || session.menteeId === userId;
