import { CANCELLATION_REASON_REQUIRED, MAX_CANCELLATION_REASON_LENGTH } from '@functions/domain/cancellation';
import type { SessionView } from '@functions/schemas/session';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, inputClass } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useCancelSession } from '../api/my-sessions';

export function CancelSessionDialog({ session, onClose }: { session: SessionView | null; onClose(): void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const cancel = useCancelSession();

  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!session) return;
    if (!reason.trim()) {
      setError(CANCELLATION_REASON_REQUIRED);
      toast.error('Reason Required', { description: CANCELLATION_REASON_REQUIRED });
      return;
    }
    cancel.mutate(
      { session, reason: reason.trim() },
      {
        onSuccess: () => {
          const other = session.viewerRole === 'mentee' ? 'your mentor' : 'your mentee';
          toast.success('Session Cancelled', {
            description: `The session was cancelled and ${other} has been notified.`,
          });
          close();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 409) {
            toast.error('Cannot Cancel', { description: failure.message });
            close();
          } else {
            toast.error('Cancellation Failed', { description: errorMessage(failure) });
          }
        },
      },
    );
  };

  return (
    <Modal
      open={session !== null}
      onOpenChange={(open) => !open && close()}
      title="Cancel session"
      description="The other party is told by e-mail. A paid session is refunded in full."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label="Reason for cancelling" error={error}>
          {(control) => (
            <textarea
              {...control}
              required
              rows={4}
              maxLength={MAX_CANCELLATION_REASON_LENGTH}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (error) setError(undefined);
              }}
              className={inputClass}
            />
          )}
        </FormField>
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
