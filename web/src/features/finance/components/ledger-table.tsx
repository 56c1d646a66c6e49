import type { LedgerEntry } from '@functions/schemas/ledger';
import { formatMoney } from '@/lib/format-money';
import { KIND_LABELS } from './ledger-filters-form';

const cell = 'px-3 py-2 text-left';
const amount = 'px-3 py-2 text-right tabular-nums';

const COLUMNS = [
  ['Time (UTC)', cell],
  ['Kind', cell],
  ['Session', cell],
  ['Coach', cell],
  ['Gross', amount],
  ['Platform fee', amount],
  ['Refund', amount],
  ['Disputed', amount],
  ['Net to coach', amount],
] as const;

/** Every entry of the loaded pages, oldest first, amounts signed as they moved. */
export function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  if (entries.length === 0) return <p className="text-slate-700">No entries.</p>;
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Ledger entries</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            {COLUMNS.map(([label, align]) => (
              <th key={label} scope="col" className={align}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-900">
          {entries.map((entry) => {
            const money = (minor: number) => formatMoney(minor, entry.currency);
            return (
              <tr key={entry.id}>
                <td className={cell}>{entry.at.replace('T', ' ').slice(0, 19)}</td>
                <td className={cell}>{KIND_LABELS[entry.kind]}</td>
                <td className={`${cell} font-mono text-xs`}>{entry.sessionId.slice(0, 8)}</td>
                <td className={`${cell} font-mono text-xs`}>{entry.coachId.slice(0, 8)}</td>
                <td className={amount}>{money(entry.grossCents)}</td>
                <td className={amount}>{money(entry.platformFeeCents)}</td>
                <td className={amount}>{money(entry.refundCents)}</td>
                <td className={amount}>{money(entry.disputedCents)}</td>
                <td className={amount}>{money(entry.netToCoachCents)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
