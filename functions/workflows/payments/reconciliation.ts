import { saveReconciliation } from '../../data/ledger';
import { reconcile } from '../../domain/reconciliation';
import type { Reconciliation } from '../../schemas/ledger';
import { dayRangeInstants, ledgerOfDays } from './finance-ledger';
import type { Payments } from '../../domain/ports';

/** Compares one UTC day's ledger with the platform's balance transactions of that day and stores the result. */
export async function reconcileDay(payments: Payments, day: string, now: Date): Promise<Reconciliation> {
  const range = dayRangeInstants(day, day);
  const [entries, transactions] = await Promise.all([
    ledgerOfDays({ from: day, to: day }),
    payments.balanceTransactions(new Date(range.from), new Date(range.to)),
  ]);
  const result: Reconciliation = { day, ranAt: now.toISOString(), ...reconcile(entries, transactions) };
  await saveReconciliation(result);
  return result;
}
