import { requireFinance } from '../http/finance';
import { httpHandler } from '../http/handler';
import { ledgerQuery } from '../schemas/ledger';
import { ledgerPage } from '../workflows/payments/ledger-page';

/** `GET /api/finance/ledger`: a page of the range's entries, with totals of the whole filtered range, and what is owed to coaches. */
export const handler = httpHandler({ schemas: { query: ledgerQuery }, auth: true }, async ({ query, event }) => {
  requireFinance(event);
  return { status: 200, body: await ledgerPage(query) };
});
