import type { Availability } from '@functions/schemas/availability';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/error-message';
import { useRemoveAvailability } from '../../api/my-availability';
import { type AvailabilityText, availabilityTextLine, describeAvailability } from './describe-availability';

type Described = Availability & { text: AvailabilityText };

export function AvailabilityList({
  coachId,
  windows,
  zone,
}: {
  coachId: string;
  windows: readonly Availability[];
  zone: string;
}) {
  const [removing, setRemoving] = useState<Described | null>(null);
  const removeAvailability = useRemoveAvailability(coachId);

  if (windows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
        No time slots yet. Add one below so mentees can book you.
      </p>
    );
  }

  const described = [...windows]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((window) => ({ ...window, text: describeAvailability(window, zone) }));

  const remove = (window: Described) =>
    removeAvailability.mutate(window.id, {
      onSuccess: () =>
        toast.success('Time Slot Removed', { description: `Removed ${availabilityTextLine(window.text)}.` }),
      onError: (error) => toast.error('Failed to Remove Slot', { description: errorMessage(error) }),
    });

  return (
    <>
      <ul aria-label="Your time slots" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {described.map((window) => (
          <li key={window.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <span className="text-sm text-slate-900">
              <span className="font-semibold">{window.text.range}</span> {window.text.when}
            </span>
            <Button
              variant="danger"
              className="px-3 py-1.5"
              aria-label={`Remove ${availabilityTextLine(window.text)}`}
              disabled={removeAvailability.isPending && removeAvailability.variables === window.id}
              onClick={() => setRemoving(window)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this time slot?"
        description={removing ? `Mentees will no longer be able to book ${availabilityTextLine(removing.text)}.` : ''}
        confirmLabel="Remove slot"
        destructive
        onConfirm={() => removing && remove(removing)}
      />
    </>
  );
}
