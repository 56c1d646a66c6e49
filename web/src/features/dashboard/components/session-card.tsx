import {
  COACH_NO_MEETING_NOTE,
  canCancel,
  MEETING_LINK_PENDING_NOTE,
  canRate,
  type DisplayStatus,
  displayLabel,
  displayStatus,
  paymentLabel,
  refundNote,
  sessionJoinPath,
  showsMeetingLink,
} from '@functions/domain/session-display';
import { bookingOpensConversation } from '@functions/domain/messages';
import { isRateable } from '@functions/domain/ratings';
import { MAX_RESCHEDULES, rescheduleRefusal } from '@functions/domain/rescheduling';
import type { SessionView } from '@functions/schemas/session';
import clsx from 'clsx';
import { CalendarDays, Clock, CreditCard, Video } from 'lucide-react';
import { DateTime } from 'luxon';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { RatingStars } from '@/components/ui/rating-stars';
import { nameWithCredentials } from '@functions/domain/display-name';
import { SessionOutcome } from './session-outcome';

const statusBadge: Record<DisplayStatus, string> = {
  active: 'bg-green-100 text-green-900',
  soon: 'bg-amber-100 text-amber-900',
  upcoming: 'bg-brand-50 text-brand-800',
  scheduled: 'bg-brand-50 text-brand-800',
  past: 'bg-slate-100 text-slate-800',
  completed: 'bg-slate-100 text-slate-800',
  cancelled: 'bg-red-50 text-red-800',
};

function Badge({ className, children }: { className: string; children: string }) {
  return <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold', className)}>{children}</span>;
}

export function SessionCard({
  session,
  now,
  timeZone,
  onCancel,
  onRate,
  onReschedule,
  onReportNoShow,
}: {
  session: SessionView;
  now: Date;
  timeZone: string;
  onCancel(session: SessionView): void;
  onRate(session: SessionView): void;
  onReschedule(session: SessionView): void;
  onReportNoShow(session: SessionView): void;
}) {
  const status = displayStatus(session, now);
  const start = DateTime.fromISO(session.start, { zone: timeZone });
  const end = DateTime.fromISO(session.end, { zone: timeZone });
  const { specialty } = session.otherParty;
  const name = nameWithCredentials(session.otherParty);
  const headingId = `session-${session.id}-heading`;
  const canMessage = bookingOpensConversation(session);
  // Offered on the sessions that could move; disabled with the reason when the policy says not now.
  const reschedulable = canCancel(status) && session.bookingMethod === 'slot';
  const refusal = reschedulable ? rescheduleRefusal(session, session.viewerRole, now) : null;
  const lastMove = session.history.at(-1);
  // Only a delivered session is rated (docs/outcomes.md); the server refuses the others.
  const rateable =
    canRate(status, session.viewerRole, session.rating !== null) &&
    isRateable(session) &&
    session.outcome?.state === 'delivered';
  const movedBy = lastMove && (lastMove.by === session.viewerRole ? 'you' : name);
  const actions =
    reschedulable ||
    canMessage ||
    (showsMeetingLink(status) && Boolean(session.meetingUrl)) ||
    canCancel(status) ||
    rateable;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="session-card"
      data-status={status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
            {session.viewerRole === 'mentee' ? 'Mentor' : 'Mentee'}
          </p>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {name}
          </h3>
          {specialty && <p className="text-sm text-slate-700">{specialty}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          {session.isFreeConsultation && <Badge className="bg-emerald-100 text-emerald-900">Free Consultation</Badge>}
          <Badge className={statusBadge[status]}>{displayLabel(status)}</Badge>
        </div>
      </div>

      <ul className="grid gap-1.5 text-sm text-slate-800 sm:grid-cols-2">
        <li className="flex items-center gap-2">
          <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden="true" />
          {start.toFormat('ccc, LLL d, yyyy')}
        </li>
        <li className="flex items-center gap-2">
          <Clock className="h-4 w-4 text-slate-500" aria-hidden="true" />
          {start.toFormat('h:mm a')} – {end.toFormat('h:mm a ZZZZ')}
        </li>
        <li className="flex items-center gap-2">
          <Video className="h-4 w-4 text-slate-500" aria-hidden="true" />
          Online Session
        </li>
        <li className="flex items-center gap-2">
          <CreditCard className="h-4 w-4 text-slate-500" aria-hidden="true" />
          <span>
            <span className="sr-only">Payment: </span>
            {paymentLabel(session)}
          </span>
        </li>
      </ul>

      {movedBy && (
        <p className="text-sm text-slate-700" data-testid="reschedule-note">
          <span className="font-medium">
            Rescheduled by {movedBy} ({session.rescheduleCount} of {MAX_RESCHEDULES})
          </span>
          {lastMove?.reason && <span>: {lastMove.reason}</span>}
        </p>
      )}

      {status === 'cancelled' && session.cancellationReason && (
        <p className="text-sm text-slate-700">
          <span className="font-medium">Cancellation reason:</span> {session.cancellationReason}
        </p>
      )}

      {session.refund && (
        <p
          className={clsx(
            'rounded-lg p-3 text-sm',
            session.refund.status === 'failed' ? 'bg-red-50 text-red-900' : 'bg-slate-50 text-slate-700',
          )}
          data-testid="refund-note"
        >
          {refundNote(session.refund, session.viewerRole)}
        </p>
      )}

      {showsMeetingLink(status) && !session.meetingUrl && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {!session.meetingNote
            ? MEETING_LINK_PENDING_NOTE
            : session.viewerRole === 'coach'
              ? COACH_NO_MEETING_NOTE
              : session.meetingNote}
        </p>
      )}

      <SessionOutcome session={session} now={now} timeZone={timeZone} onReportNoShow={onReportNoShow} />

      {session.rating && (
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="flex items-center gap-2 font-medium text-slate-800">
            {session.viewerRole === 'mentee' ? 'Your rating' : 'Rating'}
            <RatingStars rating={session.rating.rating} />
          </p>
          {session.rating.reviewText && <p className="mt-1 text-slate-700">“{session.rating.reviewText}”</p>}
          {session.viewerRole === 'mentee' && session.rating.moderationStatus === 'rejected' && (
            <p className="mt-1 text-slate-600">Your review text was not published.</p>
          )}
        </div>
      )}

      {actions && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {showsMeetingLink(status) && session.meetingUrl && (
            <a
              href={sessionJoinPath(session.id)}
              target="_blank"
              rel="noreferrer"
              className={clsx(
                'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold',
                status === 'active'
                  ? 'bg-brand-700 text-white hover:bg-brand-800'
                  : 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50',
              )}
            >
              <Video className="h-4 w-4" aria-hidden="true" />
              {status === 'active' ? 'Join Session' : 'Meeting Link'}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          {reschedulable && (
            <Button
              variant="secondary"
              onClick={() => onReschedule(session)}
              disabled={refusal !== null}
              aria-describedby={refusal ? `session-${session.id}-reschedule-refusal` : undefined}
              data-focus-key={`reschedule-${session.id}`}
            >
              Reschedule<span className="sr-only"> session with {name}</span>
            </Button>
          )}
          {canCancel(status) && (
            <Button variant="danger" onClick={() => onCancel(session)} data-focus-key={`cancel-${session.id}`}>
              Cancel<span className="sr-only"> session with {name}</span>
            </Button>
          )}
          {canMessage && (
            <ButtonLink variant="secondary" to={`/messages?with=${encodeURIComponent(session.otherParty.userId)}`}>
              Message<span className="sr-only"> {name}</span>
            </ButtonLink>
          )}
          {rateable && (
            <Button onClick={() => onRate(session)} data-focus-key={`rate-${session.id}`}>
              Rate session<span className="sr-only"> with {name}</span>
            </Button>
          )}
        </div>
      )}
      {refusal && (
        <p id={`session-${session.id}-reschedule-refusal`} className="-mt-2 text-xs text-slate-600">
          {refusal.message}
        </p>
      )}
    </article>
  );
}
