import { DateTime } from 'luxon';
import { ledgerEntriesOfCoach } from '../data/ledger';
import { coachHoldings, ledgerTotals } from '../domain/ledger';
import { httpHandler } from '../http/handler';
import type { Earnings } from '../schemas/ledger';

/** `GET /api/me/earnings`: the caller's entries as a coach, this UTC month and all time, and what is held and transferred. */
export const handler = httpHandler({ auth: true }, async ({ caller, now }) => {
  const entries = await ledgerEntriesOfCoach(caller.userId);
  const monthStart = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('month').toISO() as string;
  const body: Earnings = {
    thisMonth: ledgerTotals(entries.filter((entry) => entry.at >= monthStart)),
    allTime: ledgerTotals(entries),
    ...coachHoldings(entries),
  };
  return { status: 200, body };
});
