import { LEDGER_KINDS, type LedgerEntry } from '@functions/schemas/ledger';
import { useDateRangeFilters } from '@/lib/use-date-range-filters';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import type { LedgerFilters } from '../api/ledger';

export const KIND_LABELS: Record<(typeof LEDGER_KINDS)[number], string> = {
  payment: 'Payment',
  refund: 'Refund',
  refund_failed: 'Refund failed',
  dispute_opened: 'Dispute opened',
  dispute_fee: 'Dispute fee',
  dispute_closed: 'Dispute closed',
  refund_retry: 'Refund refused, retrying',
  refund_given_up: 'Refund given up',
  processing_fee: 'Processing fee',
  transfer: 'Transfer to mentor',
  transfer_reversed: 'Transfer reversed',
  subscription_payment: 'Plan payment',
  subscription_refund: 'Plan refund',
};

/** A closed dispute says how it ended: won gives the held amount back (a negative `disputedCents`). */
export const entryLabel = (entry: Pick<LedgerEntry, 'kind' | 'disputedCents'>) =>
  entry.kind === 'dispute_closed'
    ? `${KIND_LABELS.dispute_closed}: ${entry.disputedCents < 0 ? 'won' : 'lost'}`
    : KIND_LABELS[entry.kind];

/** Date range (UTC days) and filters; the ledger reloads when they are applied, not on every keystroke. */
export function LedgerFiltersForm({ value, onApply }: { value: LedgerFilters; onApply(next: LedgerFilters): void }) {
  const { draft, setDraft, rangeError, submit } = useDateRangeFilters(value, onApply, (filters) => ({
    ...filters,
    kind: filters.kind || undefined,
    coach: filters.coach?.trim() || undefined,
  }));
  return (
    <form
      onSubmit={submit}
      aria-label="Ledger filters"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2 sm:items-end lg:grid-cols-5"
    >
      <TextField
        label="From (UTC)"
        type="date"
        required
        value={draft.from}
        onChange={(e) => setDraft({ ...draft, from: e.target.value })}
      />
      <TextField
        label="To (UTC)"
        type="date"
        required
        error={rangeError}
        value={draft.to}
        onChange={(e) => setDraft({ ...draft, to: e.target.value })}
      />
      <SelectField
        label="Kind"
        placeholder="All kinds"
        choices={LEDGER_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
        value={draft.kind ?? ''}
        onChange={(e) => setDraft({ ...draft, kind: (e.target.value || undefined) as LedgerFilters['kind'] })}
      />
      <TextField
        label="Coach (name or id)"
        value={draft.coach ?? ''}
        onChange={(e) => setDraft({ ...draft, coach: e.target.value })}
      />
      <Button type="submit">Apply</Button>
    </form>
  );
}
