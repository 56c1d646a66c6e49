import { DateTime } from 'luxon';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { SignInRequired } from '@/components/ui/sign-in-required';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useFinanceMembership } from '@/lib/groups';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { downloadLedgerCsv, type LedgerFilters, useLedger } from '../api/ledger';
import { LedgerFiltersForm } from '../components/ledger-filters-form';
import { LedgerTable } from '../components/ledger-table';
import { LedgerTotals } from '../components/ledger-totals';
import { OwedTransfers } from '../components/owed-transfers';
import { ReconciliationMismatches } from '../components/reconciliation-mismatches';

const thisMonth = (): LedgerFilters => {
  const now = DateTime.utc();
  return { from: now.startOf('month').toISODate() as string, to: now.endOf('month').toISODate() as string };
};

function Ledger({ filters }: { filters: LedgerFilters }) {
  const ledger = useLedger(filters);
  const [downloading, setDownloading] = useState(false);
  if (ledger.isPending) return <Spinner label="Loading the ledger" />;
  if (ledger.isError) {
    if (isApiError(ledger.error, 'FORBIDDEN')) return <NotFinanceTeam />;
    return <LoadFailed what="the ledger" error={ledger.error} onRetry={() => void ledger.refetch()} />;
  }
  const [first] = ledger.data.pages;
  const entries = ledger.data.pages.flatMap((page) => page.entries);
  const coachNames = Object.assign({}, ...ledger.data.pages.map((page) => page.coachNames));
  const download = async () => {
    setDownloading(true);
    try {
      await downloadLedgerCsv(filters.from, filters.to);
    } catch (error) {
      toast.error('Download failed', { description: errorMessage(error) });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="space-y-8">
      <ReconciliationMismatches days={first?.reconciliations ?? []} />
      <section aria-labelledby="totals-title" className="space-y-3">
        <h2 id="totals-title" className="text-xl font-semibold text-slate-900">
          Totals
        </h2>
        <LedgerTotals totals={first?.totals ?? []} />
      </section>
      <OwedTransfers owed={first?.owedTransfers ?? []} coachNames={coachNames} />
      <section aria-labelledby="entries-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="entries-title" className="text-xl font-semibold text-slate-900">
            Entries
          </h2>
          <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
            {downloading ? 'Preparing CSV…' : 'Download CSV'}
          </Button>
        </div>
        <LedgerTable entries={entries} coachNames={coachNames} />
        {ledger.hasNextPage && (
          <Button variant="secondary" onClick={() => void ledger.fetchNextPage()} disabled={ledger.isFetchingNextPage}>
            {ledger.isFetchingNextPage ? 'Loading…' : 'Load more entries'}
          </Button>
        )}
      </section>
    </div>
  );
}

/** The API's own 403 words, alone: there is nothing to filter or retry. */
function NotFinanceTeam() {
  return (
    <div role="alert" className="rounded-2xl border border-slate-200 bg-white p-10 text-center text-slate-800">
      Only the finance team can see the ledger.
    </div>
  );
}

function FinanceLedger() {
  const member = useFinanceMembership();
  const [filters, setFilters] = useState(thisMonth);
  if (member === undefined) return <Spinner />;
  if (!member) return <NotFinanceTeam />;
  return (
    <>
      <p>
        <Link to="/support/audit" className="font-medium text-brand-700 underline">
          Audit log of support actions
        </Link>
      </p>
      <LedgerFiltersForm value={filters} onApply={setFilters} />
      <Ledger filters={filters} />
    </>
  );
}

/** `/finance`: the ledger the Stripe webhooks built, for the finance group (the API answers 403 to anyone else). */
export function FinancePage() {
  useDocumentTitle('Finance');
  const { user, loading } = useAuth();
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Finance</h1>
      {loading ? <Spinner /> : user ? <FinanceLedger /> : <SignInRequired message="Please log in to see the ledger." />}
    </div>
  );
}
