import { LEDGER_KINDS } from '@functions/schemas/ledger';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import type { LedgerFilters } from '../api/ledger';

export const KIND_LABELS: Record<(typeof LEDGER_KINDS)[number], string> = {
  payment: 'Payment',
  refund: 'Refund',
  refund_failed: 'Refund failed',
  dispute_opened: 'Dispute opened',
  dispute_closed: 'Dispute closed',
  processing_fee: 'Processing fee',
  transfer: 'Transfer to mentor',
  transfer_reversed: 'Transfer reversed',
};

/** Date range (UTC days) and filters; the ledger reloads when they are applied, not on every keystroke. */
export function LedgerFiltersForm({ value, onApply }: { value: LedgerFilters; onApply(next: LedgerFilters): void }) {
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, kind: draft.kind || undefined, coachId: draft.coachId?.trim() || undefined });
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Ledger filters"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-5 sm:items-end"
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
        label="Coach id"
        value={draft.coachId ?? ''}
        onChange={(e) => setDraft({ ...draft, coachId: e.target.value })}
      />
      <Button type="submit">Apply</Button>
    </form>
  );
}
