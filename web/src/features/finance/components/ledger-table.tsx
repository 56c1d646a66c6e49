import type { LedgerEntry } from '@functions/schemas/ledger';
import { formatMoney } from '@/lib/format-money';
import { entryLabel } from './ledger-filters-form';

const cell = 'px-3 py-2 text-left';
const amount = 'px-3 py-2 text-right tabular-nums';

const AMOUNTS = [
  ['Gross', 'grossCents'],
  ['Platform fee', 'platformFeeCents'],
  ['Refund', 'refundCents'],
  ['Disputed', 'disputedCents'],
  ['Net to coach', 'netToCoachCents'],
  ['Transferred', 'transferredCents'],
  ['Processing fee', 'processingFeeCents'],
] as const;

const time = (entry: LedgerEntry) => entry.at.replace('T', ' ').slice(0, 19);
const shortId = (id: string) => id.slice(0, 8);

function Coach({ entry, names }: { entry: LedgerEntry; names: Record<string, string> }) {
  const name = names[entry.coachId];
  return (
    <>
      {name ?? 'Unknown coach'} <span className="font-mono text-xs text-slate-600">{shortId(entry.coachId)}</span>
    </>
  );
}

/**
 * Every entry of the loaded pages, oldest first, amounts signed as they moved: a table from tablet
 * width up, and on a phone one card per entry, so nothing scrolls sideways.
 */
export function LedgerTable({ entries, coachNames }: { entries: LedgerEntry[]; coachNames: Record<string, string> }) {
  if (entries.length === 0) return <p className="text-slate-700">No entries.</p>;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Ledger entries</caption>
          <thead className="bg-slate-50 text-slate-800">
            <tr>
              {['Time (UTC)', 'Kind', 'Session', 'Coach'].map((label) => (
                <th key={label} scope="col" className={cell}>
                  {label}
                </th>
              ))}
              {AMOUNTS.map(([label]) => (
                <th key={label} scope="col" className={amount}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-900">
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={`${cell} whitespace-nowrap`}>{time(entry)}</td>
                <td className={cell}>{entryLabel(entry)}</td>
                <td className={`${cell} font-mono text-xs`}>{shortId(entry.sessionId)}</td>
                <td className={cell}>
                  <Coach entry={entry} names={coachNames} />
                </td>
                {AMOUNTS.map(([label, field]) => (
                  <td key={label} className={amount}>
                    {formatMoney(entry[field], entry.currency)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Ledger entries" className="space-y-3 md:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
            <p className="flex flex-wrap justify-between gap-2 font-semibold text-slate-900">
              <span>{entryLabel(entry)}</span>
              <span className="font-normal text-slate-700">{time(entry)} UTC</span>
            </p>
            <p className="mt-1 text-slate-800">
              <Coach entry={entry} names={coachNames} />
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1">
              {AMOUNTS.map(([label, field]) => (
                <div key={label} className="contents">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="text-right tabular-nums text-slate-900">
                    {formatMoney(entry[field], entry.currency)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
