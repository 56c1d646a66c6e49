import { owedTransfersCsv } from '@functions/domain/ledger-csv';
import type { OwedTransfer } from '@functions/schemas/ledger';
import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/api-client';
import { formatMoney } from '@/lib/format-money';

const cell = 'px-3 py-2 text-left align-top';
const day = (iso: string) => iso.slice(0, 10);
const shortId = (id: string) => id.slice(0, 8);

/** Sums per currency, in the order currencies first appear. */
function owedTotals(owed: OwedTransfer[]): [string, number][] {
  const sums = new Map<string, number>();
  for (const transfer of owed) sums.set(transfer.currency, (sums.get(transfer.currency) ?? 0) + transfer.amountCents);
  return [...sums];
}

/**
 * Every coach's share the platform holds after delivery because it could not be transferred yet
 * (retried daily), whatever the range: a table from tablet width up, a card per transfer on a phone.
 */
export function OwedTransfers({ owed, coachNames }: { owed: OwedTransfer[]; coachNames: Record<string, string> }) {
  const coach = (transfer: OwedTransfer) => (
    <>
      {coachNames[transfer.coachId] ?? 'Unknown coach'}{' '}
      <span className="font-mono text-xs text-slate-600">{shortId(transfer.coachId)}</span>
    </>
  );
  return (
    <section aria-labelledby="owed-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="owed-title" className="text-xl font-semibold text-slate-900">
          Transfers owed to coaches
        </h2>
        {owed.length > 0 && (
          <Button
            variant="secondary"
            onClick={() => saveFile(new Blob([owedTransfersCsv(owed)], { type: 'text/csv' }), 'owed-transfers.csv')}
          >
            Download owed CSV
          </Button>
        )}
      </div>
      {owed.length === 0 ? (
        <p className="text-slate-700">No transfer is owed: every delivered session's coach has been paid.</p>
      ) : (
        <>
          <p className="text-slate-800">
            Held for delivered sessions and retried daily:{' '}
            <strong>
              {owedTotals(owed)
                .map(([currency, cents]) => formatMoney(cents, currency))
                .join(' + ')}
            </strong>{' '}
            in {owed.length} {owed.length === 1 ? 'transfer' : 'transfers'}.
          </p>
          <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
            <table className="min-w-full text-sm">
              <caption className="sr-only">Transfers owed to coaches</caption>
              <thead className="bg-slate-50 text-slate-800">
                <tr>
                  {['Coach', 'Session', 'Owed since (UTC)', 'Last tried (UTC)', 'Why not yet'].map((label) => (
                    <th key={label} scope="col" className={cell}>
                      {label}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-right">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 text-slate-900">
                {owed.map((transfer) => (
                  <tr key={transfer.sessionId}>
                    <td className={cell}>{coach(transfer)}</td>
                    <td className={`${cell} font-mono text-xs`}>{shortId(transfer.sessionId)}</td>
                    <td className={`${cell} whitespace-nowrap`}>{day(transfer.since)}</td>
                    <td className={`${cell} whitespace-nowrap`}>{day(transfer.lastTriedAt)}</td>
                    <td className={`${cell} break-words`}>{transfer.reason}</td>
                    <td className="px-3 py-2 text-right align-top tabular-nums">
                      {formatMoney(transfer.amountCents, transfer.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul aria-label="Transfers owed to coaches" className="space-y-3 md:hidden">
            {owed.map((transfer) => (
              <li key={transfer.sessionId} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
                <p className="flex flex-wrap justify-between gap-2 font-semibold text-slate-900">
                  <span>{coach(transfer)}</span>
                  <span className="tabular-nums">{formatMoney(transfer.amountCents, transfer.currency)}</span>
                </p>
                <p className="mt-1 text-slate-700">
                  Owed since {day(transfer.since)}, last tried {day(transfer.lastTriedAt)}
                </p>
                <p className="mt-1 break-words text-slate-800">{transfer.reason}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
