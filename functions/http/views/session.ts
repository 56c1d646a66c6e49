import type { ProfileItem } from '../../domain/profile-item';
import type { RatingItem } from '../../domain/rating-item';
import type { SessionItem } from '../../domain/session-item';
import { outcomeStateOf, outcomeWindow } from '../../domain/session-outcome';
import type { SessionView } from '../../schemas/session';
import { partyFields } from './other-party';

type OtherParty = Pick<ProfileItem, 'userId' | 'firstName' | 'lastName' | 'credentials' | 'specialty'> | null;

/** The other party's public fields. */
export const otherPartyOf = (userId: string, other: OtherParty) => ({
  ...partyFields(userId, other),
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
    ...outcomeFields(session, new Date()),
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

const HELD_STATUSES: readonly SessionItem['status'][] = ['confirmed', 'scheduled', 'completed'];

/** A held session (paid, plan or free) that has started: its outcome so far, and who joined (domain/session-outcome.ts). */
function outcomeFields(session: SessionItem, now: Date): Pick<SessionView, 'outcome' | 'joined'> {
  if (!HELD_STATUSES.includes(session.status) || now < new Date(session.start)) return {};
  const { resolution } = session;
  return {
    outcome: {
      state: outcomeStateOf(session, now),
      windowEndsAt: outcomeWindow(session).endsAt.toISOString(),
      reports: (session.outcomeReports ?? []).map(({ by, report, at }) => ({ by, report, at })),
      ...(resolution
        ? {
            resolution: {
              resolution: resolution.resolution,
              ...(resolution.refundCents === undefined ? {} : { refundCents: resolution.refundCents }),
              at: resolution.at,
            },
          }
        : {}),
    },
    joined: { coach: Boolean(session.coachJoinedAt), mentee: Boolean(session.menteeJoinedAt) },
  };
}
