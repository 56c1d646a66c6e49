import { LEDGER_CSV_HEADER, ledgerCsvRow } from '../domain/ledger-csv';
import { requireFinance } from '../http/finance';
import { httpHandler } from '../http/handler';
import { ledgerCsvQuery } from '../schemas/ledger';
import { ledgerOfDays } from '../workflows/payments/finance-ledger';

/**
 * `GET /api/finance/ledger.csv`: every entry of the range, one header row. An HTTP API cannot
 * stream a Lambda's answer, so the file is built whole; a year of entries stays far below the
 * 6 MB response limit at this marketplace's volume.
 */
export const handler = httpHandler({ schemas: { query: ledgerCsvQuery }, auth: true }, async ({ query, event }) => {
  requireFinance(event);
  const entries = await ledgerOfDays(query);
  return {
    status: 200,
    text: LEDGER_CSV_HEADER + entries.map(ledgerCsvRow).join(''),
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="ledger-${query.from}-to-${query.to}.csv"`,
      'cache-control': 'no-store',
    },
  };
});
