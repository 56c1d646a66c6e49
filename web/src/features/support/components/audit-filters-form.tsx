import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useDateRangeFilters } from '@/lib/use-date-range-filters';
import type { AuditFilters } from '../api/audit';

/** The audit log's range (UTC days), actor and subject; the log reloads when they are applied. */
export function AuditFiltersForm({ value, onApply }: { value: AuditFilters; onApply(next: AuditFilters): void }) {
  const { draft, setDraft, rangeError, submit } = useDateRangeFilters(value, onApply, (filters) => ({
    from: filters.from || undefined,
    to: filters.to || undefined,
    actor: filters.actor?.trim() || undefined,
    subject: filters.subject?.trim() || undefined,
  }));
  return (
    <form
      onSubmit={submit}
      aria-label="Audit log filters"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2 sm:items-end lg:grid-cols-5"
    >
      <TextField
        label="From (UTC)"
        type="date"
        value={draft.from ?? ''}
        onChange={(e) => setDraft({ ...draft, from: e.target.value })}
      />
      <TextField
        label="To (UTC)"
        type="date"
        error={rangeError}
        value={draft.to ?? ''}
        onChange={(e) => setDraft({ ...draft, to: e.target.value })}
      />
      <TextField
        label="Actor (staff id)"
        value={draft.actor ?? ''}
        maxLength={200}
        onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
      />
      <TextField
        label="Subject"
        placeholder="user:<id> or session:<id>"
        value={draft.subject ?? ''}
        maxLength={200}
        onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
      />
      <Button type="submit">Apply</Button>
    </form>
  );
}
