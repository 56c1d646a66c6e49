import { zodResolver } from '@hookform/resolvers/zod';
import { NO_SHOW_BUTTON, noShowReportOf } from '@functions/domain/outcome-display';
import type { SessionView } from '@functions/schemas/session';
import {
  MAX_OUTCOME_NOTE_LENGTH,
  type ReportOutcomeInput,
  reportOutcomeInput,
} from '@functions/schemas/session-outcome';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/error-message';
import { useReportOutcome } from '../api/my-sessions';

/** What the report does, as docs/outcomes.md decides it, told before it is sent. */
const CONSEQUENCES = {
  mentee:
    'If your mentor has no record of joining, you are refunded in full (or get your plan session or free consultation back). If they joined, support reviews the session and decides.',
  coach:
    'If your mentee has no record of joining, you are paid for the session. If they joined, support reviews the session and decides.',
} as const;

export function ReportNoShowDialog({ session, onClose }: { session: SessionView | null; onClose(): void }) {
  const { register, handleSubmit, reset } = useForm<ReportOutcomeInput>({
    resolver: zodResolver(reportOutcomeInput),
    defaultValues: { report: 'happened', note: '' },
  });
  const report = useReportOutcome();

  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(({ note }) => {
    if (!session) return;
    report.mutate(
      { session, report: noShowReportOf(session.viewerRole), note: note || undefined },
      {
        onSuccess: () => {
          toast.success('Report sent', { description: 'We noted that the other party did not show up.' });
          close();
        },
        onError: (failure) => toast.error('Could not send your report', { description: errorMessage(failure) }),
      },
    );
  });

  return (
    <Modal
      open={session !== null}
      onOpenChange={(open) => !open && close()}
      title="Report a no-show"
      description={CONSEQUENCES[session?.viewerRole ?? 'mentee']}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextAreaField label="What happened (optional)" maxLength={MAX_OUTCOME_NOTE_LENGTH} {...register('note')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Go back
          </Button>
          <Button type="submit" disabled={report.isPending}>
            {report.isPending ? 'Sending…' : NO_SHOW_BUTTON}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
