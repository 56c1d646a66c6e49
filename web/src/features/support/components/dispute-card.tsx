import type { OutcomeReport } from '@functions/domain/session-outcome';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { momentTime, sessionTime, usd } from '../format';
import type { Dispute } from './resolve-dispute-dialog';

const REPORT_LABELS: Record<OutcomeReport, string> = {
  happened: 'Says the session happened',
  mentor_no_show: 'Says the mentor did not show up',
  mentee_no_show: 'Says the mentee did not show up',
};

type Party = 'coach' | 'mentee';

/** One party's side: their report with its note, and when (if ever) they joined the meeting. */
function PartySide({ dispute, party }: { dispute: Dispute; party: Party }) {
  const { session } = dispute;
  const name = party === 'coach' ? session.coachName : session.menteeName;
  const userId = party === 'coach' ? session.coachId : session.menteeId;
  const report = dispute.reports.find((entry) => entry.by === party);
  const joinedAt = party === 'coach' ? dispute.joins.coachJoinedAt : dispute.joins.menteeJoinedAt;
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <h4 className="font-semibold text-slate-900">
        {party === 'coach' ? 'Mentor' : 'Mentee'}:{' '}
        <Link to={`/support/users/${encodeURIComponent(userId)}`} className="text-brand-700 underline">
          {name}
        </Link>
      </h4>
      <dl className="mt-2 space-y-2 text-sm">
        <div>
          <dt className="text-slate-600">Report</dt>
          <dd className="text-slate-900">
            {report ? `${REPORT_LABELS[report.report]} (${momentTime(report.at)})` : 'No report'}
          </dd>
        </div>
        {report?.note && (
          <div>
            <dt className="text-slate-600">Their note</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">{report.note}</dd>
          </div>
        )}
        <div>
          <dt className="text-slate-600">Joined the meeting</dt>
          <dd className="text-slate-900">{joinedAt ? momentTime(joinedAt) : 'Never joined'}</dd>
        </div>
      </dl>
    </div>
  );
}

/** A disputed session: both reports and the join evidence side by side, and the way to decide it. */
export function DisputeCard({ dispute, onResolve }: { dispute: Dispute; onResolve(dispute: Dispute): void }) {
  const { session } = dispute;
  const headingId = `dispute-${session.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="dispute"
      data-session-id={session.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {session.coachName} with {session.menteeName}, {sessionTime(session.start)}
          </h3>
          <p className="text-sm text-slate-700">
            {usd(session.money.priceCents)} · disputed {momentTime(dispute.disputedAt)}
          </p>
        </div>
        <Button
          onClick={() => onResolve(dispute)}
          aria-describedby={headingId}
          data-focus-key={`resolve-${session.id}`}
        >
          Resolve…
        </Button>
      </div>
      <div className="mt-4 grid gap-3 md:grid-cols-2">
        <PartySide dispute={dispute} party="coach" />
        <PartySide dispute={dispute} party="mentee" />
      </div>
    </li>
  );
}
