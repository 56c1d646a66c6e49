import { zodResolver } from '@hookform/resolvers/zod';
import {
  CANCELLATION_REFUSALS,
  freeConsultationReturns,
  MAX_CANCELLATION_REASON_LENGTH,
} from '@functions/domain/cancellation';
import type { SessionView } from '@functions/schemas/session';
import { type CancelSessionInput, cancelSessionInput } from '@functions/schemas/session-actions';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useCancelSession } from '../api/my-sessions';

/** A mentee's late cancellation keeps the free consultation used (the server's rule, domain/cancellation.ts). */
const spendsFreeConsultation = (session: SessionView) =>
  session.isFreeConsultation &&
  session.viewerRole === 'mentee' &&
  !freeConsultationReturns(session, 'mentee', new Date());

export function CancelSessionDialog({ session, onClose }: { session: SessionView | null; onClose(): void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CancelSessionInput>({ resolver: zodResolver(cancelSessionInput), defaultValues: { reason: '' } });
  const cancel = useCancelSession();

  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(
    ({ reason }) => {
      if (!session) return;
      cancel.mutate(
        { session, reason },
        {
          onSuccess: () => {
            const other = session.viewerRole === 'mentee' ? 'your mentor' : 'your mentee';
            toast.success('Session Cancelled', {
              description: `The session was cancelled and ${other} has been notified.`,
            });
            close();
          },
          onError: (failure) => {
            if (isApiError(failure, ...CANCELLATION_REFUSALS)) {
              toast.error('Cannot Cancel', { description: failure.message });
              close();
            } else {
              toast.error('Cancellation Failed', { description: errorMessage(failure) });
            }
          },
        },
      );
    },
    (invalid) => toast.error('Reason Required', { description: invalid.reason?.message }),
  );

  return (
    <Modal
      open={session !== null}
      onOpenChange={(open) => !open && close()}
      title="Cancel session"
      description="The other party is told by e-mail. A paid session is refunded in full."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {session && spendsFreeConsultation(session) && (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            This free consultation starts in less than 24 hours: cancelling it now uses up your free consultation with
            this mentor.
          </p>
        )}
        <TextAreaField
          label="Reason for cancelling"
          required
          maxLength={MAX_CANCELLATION_REASON_LENGTH}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Keep session
          </Button>
          <Button type="submit" disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel session'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
