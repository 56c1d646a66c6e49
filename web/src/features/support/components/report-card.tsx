import type { SupportReportView } from '@functions/schemas/support';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { momentTime } from '../format';

const STATUS_LABELS: Record<SupportReportView['status'], string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  removed: 'Content removed',
  author_suspended: 'Author suspended',
};

const userLink = (userId: string) => `/support/users/${encodeURIComponent(userId)}`;

/** A reported message or review: what it says, who wrote and who reported it, why; and its decision. */
export function ReportCard({
  report,
  onDecide,
}: {
  report: SupportReportView;
  onDecide?(report: SupportReportView): void;
}) {
  const headingId = `report-${report.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="report"
      data-report-id={report.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-semibold text-slate-900">
            Reported {report.kind}, {momentTime(report.reportedAt)}
          </h3>
          <p className="text-sm text-slate-700">Status: {STATUS_LABELS[report.status]}</p>
        </div>
        {onDecide && report.status === 'open' && (
          <Button onClick={() => onDecide(report)} aria-describedby={headingId} data-focus-key={`decide-${report.id}`}>
            Decide…
          </Button>
        )}
      </div>
      <blockquote className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-slate-900">
        {report.text ?? <em className="text-slate-600">Removed</em>}
      </blockquote>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Reason given</dt>
          <dd className="break-words text-slate-900">{report.reason}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Author</dt>
          <dd>
            <Link to={userLink(report.authorId)} className="break-all font-mono text-xs text-brand-700 underline">
              {report.authorId}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Reported by</dt>
          <dd>
            <Link to={userLink(report.reporterId)} className="break-all font-mono text-xs text-brand-700 underline">
              {report.reporterId}
            </Link>
          </dd>
        </div>
      </dl>
    </li>
  );
}
