import {
  canReportOutcome,
  HAPPENED_BUTTON,
  NO_SHOW_BUTTON,
  noShowReportOf,
  OUTCOME_LABELS,
  ownReportNote,
  RESOLUTION_LABELS,
} from '@functions/domain/outcome-display';
import type { SessionView } from '@functions/schemas/session';
import { DateTime } from 'luxon';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useReportOutcome } from '../api/my-sessions';

/**
 * How a held session that has started ended (docs/outcomes.md): its outcome, the window's end and,
 * while the outcome is open, the two answers. "They did not show up" asks first (`onReportNoShow`):
 * it refunds the mentee or keeps the mentor's pay.
 */
export function SessionOutcome({
  session,
  now,
  timeZone,
  onReportNoShow,
}: {
  session: SessionView;
  now: Date;
  timeZone: string;
  onReportNoShow(session: SessionView): void;
}) {
  const report = useReportOutcome();
  const { outcome } = session;
  if (!outcome) return null;
  const mine = outcome.reports.find((entry) => entry.by === session.viewerRole);
  const open = canReportOutcome(session, now);
  const windowEnd = DateTime.fromISO(outcome.windowEndsAt, { zone: timeZone }).toFormat("LLL d 'at' h:mm a ZZZZ");
  const sayHappened = () =>
    report.mutate(
      { session, report: 'happened' },
      {
        onSuccess: () => toast.success('Thank you', { description: 'We noted that the session happened.' }),
        onError: (failure) => toast.error('Could not save your answer', { description: errorMessage(failure) }),
      },
    );
  return (
    <section
      aria-label="Outcome"
      className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800"
      data-testid="session-outcome"
      data-outcome={outcome.state}
    >
      <p>
        <span className="font-medium">Outcome:</span> {OUTCOME_LABELS[outcome.state]}
      </p>
      {mine && <p>{ownReportNote(mine.report, session.viewerRole)}</p>}
      {outcome.resolution && <p>{RESOLUTION_LABELS[outcome.resolution.resolution]}</p>}
      {open && (
        <>
          <p>
            Did the session take place? Tell us by {windowEnd}; if nobody does, it counts as delivered
            {session.viewerRole === 'coach' ? ' and you are paid.' : '.'}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              variant="secondary"
              onClick={sayHappened}
              disabled={report.isPending || mine?.report === 'happened'}
              data-focus-key={`happened-${session.id}`}
            >
              {HAPPENED_BUTTON}
            </Button>
            <Button
              variant="secondary"
              onClick={() => onReportNoShow(session)}
              disabled={report.isPending || mine?.report === noShowReportOf(session.viewerRole)}
              data-focus-key={`no-show-${session.id}`}
            >
              {NO_SHOW_BUTTON}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
