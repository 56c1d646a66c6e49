import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { type AuditFilters, useAuditLog } from '../api/audit';
import { AuditFiltersForm } from '../components/audit-filters-form';
import { AuditLogList } from '../components/audit-log-list';
import { ConsolePage, EmptyState } from '../components/console-page';
import { SupportLoadFailed } from '../components/refusal';

const FILTERS = ['from', 'to', 'actor', 'subject'] as const;

function AuditEntries({ filters }: { filters: AuditFilters }) {
  const log = useAuditLog(filters);
  if (log.isPending) return <Spinner label="Loading the audit log" />;
  if (log.isError)
    return <SupportLoadFailed what="the audit log" error={log.error} onRetry={() => void log.refetch()} />;
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <EmptyState>No entry matches these filters.</EmptyState>;
  return (
    <>
      <AuditLogList entries={entries} />
      {log.hasNextPage && (
        <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </>
  );
}

/** `/support/audit`: every staff action and read, newest first (support and finance). */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  // The filters live in the address, so a user page can link to its own entries.
  const filters: AuditFilters = Object.fromEntries(
    FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : [])),
  );
  const apply = (next: AuditFilters) =>
    setParams(Object.fromEntries(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1]))));
  return (
    <ConsolePage
      title="Audit log"
      intro="Every staff action and every read of a user's page, newest first. Nobody can change an entry."
    >
      <AuditFiltersForm key={params.toString()} value={filters} onApply={apply} />
      <section aria-labelledby="entries-title" className="space-y-3">
        <h2 id="entries-title" className="text-xl font-semibold text-slate-900">
          Entries
        </h2>
        <AuditEntries filters={filters} />
      </section>
    </ConsolePage>
  );
}
