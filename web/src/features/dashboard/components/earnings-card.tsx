import { noTotals } from '@functions/domain/ledger';
import type { LedgerTotals } from '@functions/schemas/ledger';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { formatMoney } from '@/lib/format-money';
import { openInNewTab } from '@/lib/open-in-new-tab';
import { requestPayoutDashboardLink, useMyEarnings } from '../api/my-earnings';

function Period({ title, totals }: { title: string; totals: LedgerTotals[] }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {(totals.length ? totals : [noTotals('usd')]).map((total) => {
        const money = (minor: number) => formatMoney(minor, total.currency);
        return (
          <dl key={total.currency} className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">Paid sessions</dt>
            <dd className="text-right tabular-nums">{total.paidSessions}</dd>
            <dt className="text-slate-700">Paid plan months</dt>
            <dd className="text-right tabular-nums">{total.paidInvoices}</dd>
            <dt className="text-slate-700">Gross</dt>
            <dd className="text-right tabular-nums">{money(total.grossCents)}</dd>
            <dt className="text-slate-700">Platform fee</dt>
            <dd className="text-right tabular-nums">{money(total.platformFeeCents)}</dd>
            <dt className="text-slate-700">Refunds</dt>
            <dd className="text-right tabular-nums">{money(total.refundCents)}</dd>
            <dt className="font-medium text-slate-900">Net</dt>
            <dd className="text-right font-semibold tabular-nums">{money(total.netToCoachCents)}</dd>
          </dl>
        );
      })}
    </div>
  );
}

/**
 * A coach's earnings from the ledger: what the platform holds for sessions not yet delivered, what
 * it transferred after delivery, this month and all time, and the way to their payouts.
 */
export function EarningsCard() {
  const earnings = useMyEarnings();
  const openPayouts = async () => {
    try {
      await openInNewTab(requestPayoutDashboardLink);
    } catch (error) {
      toast.error('Could not open your payouts', { description: errorMessage(error) });
    }
  };
  return (
    <section aria-labelledby="earnings-title" className="rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="earnings-title" className="text-xl font-semibold text-slate-900">
          Earnings
        </h2>
        <Button variant="secondary" onClick={() => void openPayouts()}>
          Payouts in Stripe
        </Button>
      </div>
      {earnings.isPending ? (
        <Spinner label="Loading your earnings" />
      ) : earnings.isError ? (
        <LoadFailed what="your earnings" error={earnings.error} onRetry={() => void earnings.refetch()} />
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-4 rounded-xl bg-slate-50 p-4 text-sm">
            <div>
              <dt className="text-slate-700">Held for you until transferred</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatMoney(earnings.data.heldCents, 'usd')}</dd>
              <dd className="mt-1 text-xs text-slate-600">
                Paid for sessions not yet delivered and plan months not yet ended; transferred after each.
              </dd>
            </div>
            <div>
              <dt className="text-slate-700">Transferred to your Stripe account</dt>
              <dd className="text-lg font-semibold tabular-nums">
                {formatMoney(earnings.data.transferredCents, 'usd')}
              </dd>
            </div>
          </dl>
          <div className="mt-4 grid gap-6 sm:grid-cols-2">
            <Period title="This month" totals={earnings.data.thisMonth} />
            <Period title="All time" totals={earnings.data.allTime} />
          </div>
        </>
      )}
    </section>
  );
}
