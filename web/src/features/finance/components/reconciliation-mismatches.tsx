import type { Reconciliation } from '@functions/schemas/ledger';

const OUTCOME_LABELS = {
  matched: 'Matched',
  missing_in_ledger: 'Missing in the ledger',
  missing_in_stripe: 'Missing in Stripe',
  amount_differs: 'Amount differs',
} as const;

const cents = (value: number | null) => (value === null ? '—' : (value / 100).toFixed(2));

/** Days of the range whose reconciliation with Stripe's balance transactions found a difference. */
export function ReconciliationMismatches({ days }: { days: Reconciliation[] }) {
  if (days.length === 0) return null;
  return (
    <section
      aria-labelledby="mismatches-title"
      className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-950"
    >
      <h2 id="mismatches-title" className="text-lg font-semibold">
        Reconciliation with Stripe found differences
      </h2>
      <ul className="mt-3 space-y-3">
        {days.map((day) => (
          <li key={day.day}>
            <p className="font-medium">
              {day.day}: {day.mismatches.length} mismatched, {day.matched} matched
            </p>
            <ul className="mt-1 list-disc pl-6 text-sm">
              {day.mismatches.map((item) => (
                <li key={`${item.kind}-${item.source}`}>
                  {OUTCOME_LABELS[item.outcome]}: {item.kind} of {item.source} (ledger {cents(item.ledgerCents)}, Stripe{' '}
                  {cents(item.stripeCents)})
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
