import type { AuditAction } from '@functions/domain/audit';
import type { AuditEntryView } from '@functions/schemas/support';
import { momentTime } from '../format';

const ACTION_LABELS: Record<AuditAction, string> = {
  resolve_session: 'Resolved a dispute',
  cancel_session: 'Cancelled a session',
  suspend_user: 'Suspended a user',
  unsuspend_user: 'Unsuspended a user',
  delete_user: 'Deleted a user',
  decide_report: 'Decided a report',
  redrive_dead_letter: 'Re-drove a dead letter',
  read_user: "Read a user's page",
};

/** A record before or after the action, as its JSON; most entries carry a few fields. */
function Change({ label, value }: { label: string; value: unknown }) {
  if (value === undefined) return null;
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd>
        <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-900">
          {JSON.stringify(value, null, 2)}
        </pre>
      </dd>
    </div>
  );
}

/** The audit entries loaded so far, newest first, one card each (they carry a reason of any length). */
export function AuditLogList({ entries }: { entries: AuditEntryView[] }) {
  return (
    <ol aria-label="Audit entries" className="space-y-3">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="rounded-2xl border border-slate-200 bg-white p-4 text-sm"
          data-testid="audit-entry"
        >
          <p className="flex flex-wrap justify-between gap-2">
            <span className="font-semibold text-slate-900">{ACTION_LABELS[entry.action]}</span>
            <span className="text-slate-700">{momentTime(entry.at)}</span>
          </p>
          <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[8rem_1fr]">
            <dt className="text-slate-600">By</dt>
            <dd className="break-all text-slate-900">
              {entry.actorEmail && `${entry.actorEmail} · `}
              <span className="font-mono text-xs">{entry.actor}</span>
            </dd>
            <dt className="text-slate-600">Subject</dt>
            <dd className="break-all font-mono text-xs text-slate-900">{entry.subject}</dd>
            <dt className="text-slate-600">Reason</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">{entry.reason}</dd>
          </dl>
          {(entry.before !== undefined || entry.after !== undefined) && (
            <details className="mt-2">
              <summary className="cursor-pointer text-brand-700">Before and after</summary>
              <dl className="mt-2 grid gap-3 md:grid-cols-2">
                <Change label="Before" value={entry.before} />
                <Change label="After" value={entry.after} />
              </dl>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}
