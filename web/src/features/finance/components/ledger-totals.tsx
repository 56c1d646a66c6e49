import type { LedgerTotals as Totals } from '@functions/schemas/ledger';
import { formatMoney } from '@/lib/format-money';

/** The range's totals, one block per currency. */
export function LedgerTotals({ totals }: { totals: Totals[] }) {
  if (totals.length === 0) return <p className="text-slate-700">No money moved in this range.</p>;
  return (
    <div className="space-y-4">
      {totals.map((total) => {
        const money = (minor: number) => formatMoney(minor, total.currency);
        const figures = [
          ['Gross', money(total.grossCents)],
          ['Platform fees', money(total.platformFeeCents)],
          ['Refunds', money(total.refundCents)],
          ['Disputes', money(total.disputedCents)],
          ['Net to coaches', money(total.netToCoachCents)],
          ['Paid sessions', String(total.paidSessions)],
          ['Paid plan months', String(total.paidInvoices)],
          ['Processing fees', money(total.processingFeeCents)],
          ['Platform net', money(total.platformNetCents)],
          ['Transfers to coaches', money(total.transfersCents)],
          ['Transfer reversals', money(total.reversedCents)],
          ['Refund tries retried', String(total.refundRetries)],
          ['Refunds given up', String(total.refundsGivenUp)],
        ];
        return (
          <dl
            key={total.currency}
            aria-label={`Totals in ${total.currency.toUpperCase()}`}
            className="grid grid-cols-2 gap-4 sm:grid-cols-6"
          >
            {figures.map(([label, figure]) => (
              <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-700">{label}</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900">{figure}</dd>
              </div>
            ))}
          </dl>
        );
      })}
    </div>
  );
}
