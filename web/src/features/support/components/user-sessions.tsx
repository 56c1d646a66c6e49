import type { OutcomeState, Resolution } from '@functions/domain/session-outcome';
import type { SessionStatus } from '@functions/domain/session-status';
import type { SupportSessionView, SupportUserPage } from '@functions/schemas/support';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { sessionTime, usd } from '../format';
import type { SessionToCancel } from './cancel-on-behalf-dialog';

const STATUS_LABELS: Record<SessionStatus, string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const OUTCOME_LABELS: Record<OutcomeState, string> = {
  pending: 'Awaiting outcome',
  delivered: 'Delivered',
  mentor_no_show: 'Mentor did not show up',
  mentee_no_show: 'Mentee did not show up',
  disputed: 'Disputed',
};

const RESOLUTION_LABELS: Record<Resolution, string> = {
  pay_coach: 'mentor paid',
  refund_mentee: 'mentee refunded',
  split: 'split',
};

/** A held session that has not ended can still be cancelled; the server decides the rest (409). */
const cancellable = (session: SupportSessionView) => session.status === 'confirmed' || session.status === 'scheduled';

function kindOf(session: SupportSessionView) {
  if (session.isFreeConsultation) return 'Free consultation';
  return session.planSession ? 'Plan session' : 'Paid session';
}

/** The user's sessions in both roles, with outcome and money, each cancellable on their behalf while held. */
export function UserSessions({ page, onCancel }: { page: SupportUserPage; onCancel(target: SessionToCancel): void }) {
  if (page.sessions.length === 0) return <p className="text-slate-700">No sessions.</p>;
  const { user } = page;
  return (
    <ul aria-label="Sessions" className="space-y-3">
      {page.sessions.map((session) => {
        const other = (
          <Link
            to={`/support/users/${encodeURIComponent(session.role === 'coach' ? session.menteeId : session.coachId)}`}
            className="text-brand-700 underline"
          >
            {session.otherPartyName}
          </Link>
        );
        const names =
          session.role === 'coach'
            ? { coachName: user.name, menteeName: session.otherPartyName }
            : { coachName: session.otherPartyName, menteeName: user.name };
        const headingId = `session-${session.id}`;
        return (
          <li
            key={session.id}
            aria-labelledby={headingId}
            className="rounded-2xl border border-slate-200 bg-white p-4 text-sm"
            data-testid="support-session"
            data-session-id={session.id}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h3 id={headingId} className="font-semibold text-slate-900">
                  {sessionTime(session.start)}: {kindOf(session)},{' '}
                  {session.role === 'coach' ? 'mentoring' : 'with mentor'} {other}
                </h3>
                <p className="text-slate-700">
                  {STATUS_LABELS[session.status]}
                  {session.outcome && ` · ${OUTCOME_LABELS[session.outcome]}`}
                  {session.resolution &&
                    ` · Resolved: ${RESOLUTION_LABELS[session.resolution.resolution]}${
                      session.resolution.refundCents ? `, ${usd(session.resolution.refundCents)} refunded` : ''
                    }`}
                </p>
              </div>
              {cancellable(session) && (
                <Button
                  variant="danger"
                  onClick={() => onCancel({ session, ...names })}
                  aria-describedby={headingId}
                  data-focus-key={`cancel-${session.id}`}
                >
                  Cancel on behalf…
                </Button>
              )}
            </div>
            <dl className="mt-2 grid grid-cols-3 gap-2">
              {(
                [
                  ['Price', session.money.priceCents],
                  ['Refunded', session.money.refundedCents],
                  ['Paid to mentor', session.money.transferredCents],
                ] as const
              ).map(([label, cents]) => (
                <div key={label}>
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="tabular-nums text-slate-900">{usd(cents)}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 break-all font-mono text-xs text-slate-600">{session.id}</p>
          </li>
        );
      })}
    </ul>
  );
}
