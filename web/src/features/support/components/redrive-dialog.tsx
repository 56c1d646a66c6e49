import { zodResolver } from '@hookform/resolvers/zod';
import { type DeadLetterList, type ReasonInput, reasonInput } from '@functions/schemas/support';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useRedrive } from '../api/dead-letters';
import { ActionDialog, ReasonField } from './action-dialog';

export type DeadLetter = DeadLetterList['deadLetters'][number];

/** Runs a dead-lettered job again, once (`POST /api/support/dead-letters/{id}/redrive`). */
export function RedriveDialog({ deadLetter, onClose }: { deadLetter: DeadLetter | null; onClose(): void }) {
  return deadLetter ? <RedriveForm key={deadLetter.id} deadLetter={deadLetter} onClose={onClose} /> : null;
}

function RedriveForm({ deadLetter, onClose }: { deadLetter: DeadLetter; onClose(): void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReasonInput>({ resolver: zodResolver(reasonInput), defaultValues: { reason: '' } });
  const redrive = useRedrive();
  const what = deadLetter.subject ? `${deadLetter.kind} for ${deadLetter.subject}` : deadLetter.kind;
  const submit = handleSubmit(({ reason }) =>
    redrive.mutate(
      { deadLetterId: deadLetter.id, reason },
      {
        onSuccess: () => {
          toast.success('Job re-driven', { description: what });
          onClose();
        },
      },
    ),
  );
  return (
    <ActionDialog
      onClose={onClose}
      title="Re-drive job"
      description={`Failed ${deadLetter.tries} times: ${deadLetter.lastError}`}
      summary={`Run the job ${what} again, once. It leaves the dead letters if it succeeds and stays here if it fails again.`}
      confirmLabel="Re-drive"
      pending={redrive.isPending}
      error={redrive.error}
      onSubmit={submit}
    >
      <ReasonField registration={register('reason')} error={errors.reason?.message} />
    </ActionDialog>
  );
}
