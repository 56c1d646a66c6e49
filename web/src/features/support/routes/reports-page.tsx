import type { SupportReportView } from '@functions/schemas/support';
import clsx from 'clsx';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { type ReportStatus, useReports } from '../api/reports';
import { ConsolePage, EmptyState } from '../components/console-page';
import { DecideReportDialog } from '../components/decide-report-dialog';
import { SupportLoadFailed } from '../components/refusal';
import { ReportCard } from '../components/report-card';

const STATUSES: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'decided', label: 'Decided' },
];

function ReportQueue({ status }: { status: ReportStatus }) {
  const reports = useReports(status);
  const [deciding, setDeciding] = useState<SupportReportView | null>(null);
  if (reports.isPending) return <Spinner label="Loading the reports" />;
  if (reports.isError)
    return <SupportLoadFailed what="the reports" error={reports.error} onRetry={() => void reports.refetch()} />;
  const list = reports.data.reports;
  if (list.length === 0)
    return (
      <EmptyState>
        {status === 'open' ? 'No report is waiting for a decision.' : 'No report was decided yet.'}
      </EmptyState>
    );
  return (
    <>
      <ol aria-label={status === 'open' ? 'Open reports' : 'Decided reports'} className="space-y-4">
        {list.map((report) => (
          <ReportCard key={report.id} report={report} onDecide={setDeciding} />
        ))}
      </ol>
      <DecideReportDialog report={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}

/** `/support/reports`: reported messages and reviews, oldest first; the open ones to decide. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const status: ReportStatus = params.get('status') === 'decided' ? 'decided' : 'open';
  return (
    <ConsolePage title="Reports" intro="Messages and reviews members reported, oldest first.">
      <section aria-labelledby="reports-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reports-title" className="text-xl font-semibold text-slate-900">
            {status === 'open' ? 'Open reports' : 'Decided reports'}
          </h2>
          <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1">
            <legend className="sr-only">Show</legend>
            {STATUSES.map((choice) => (
              <label
                key={choice.value}
                className={clsx(
                  'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
                  status === choice.value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-800',
                )}
              >
                <input
                  type="radio"
                  name="report-status"
                  value={choice.value}
                  checked={status === choice.value}
                  onChange={() => setParams(choice.value === 'open' ? {} : { status: choice.value })}
                  className="sr-only"
                />
                {choice.label}
              </label>
            ))}
          </fieldset>
        </div>
        <ReportQueue status={status} />
      </section>
    </ConsolePage>
  );
}
