import type { SessionItem } from '../../domain/session-item';
import { outcomeMoney } from '../../domain/session-outcome';
import type { SupportSessionView } from '../../schemas/support';

/** A session's own fields as support sees them (schemas/support.ts), without the viewer's side of it. */
export function supportSessionFields(session: SessionItem): Omit<SupportSessionView, 'role' | 'otherPartyName'> {
  return {
    id: session.id,
    coachId: session.coachId,
    menteeId: session.menteeId,
    start: session.start,
    end: session.end,
    status: session.status,
    isFreeConsultation: session.isFreeConsultation,
    planSession: session.paidBy === 'plan',
    outcome: session.outcome ?? null,
    resolution: session.resolution
      ? {
          resolution: session.resolution.resolution,
          ...(session.resolution.refundCents === undefined ? {} : { refundCents: session.resolution.refundCents }),
        }
      : null,
    money: {
      priceCents: session.priceCents,
      refundedCents: session.refund?.status === 'succeeded' ? session.refund.amountCents : 0,
      transferredCents: session.transferId ? (outcomeMoney(session).transferCents ?? 0) : 0,
    },
  };
}
