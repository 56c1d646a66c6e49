import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DecideReportInput,
  decideReportInput,
  REPORT_DECISIONS,
  type SupportReportView,
} from '@functions/schemas/support';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { RadioCards } from '@/components/ui/radio-cards';
import { useDecideReport } from '../api/reports';
import { ActionDialog, ReasonField } from './action-dialog';

type Decision = (typeof REPORT_DECISIONS)[number];

const DECISIONS: Record<Decision, { label: string; description: string; summary(kind: string): string }> = {
  dismiss: {
    label: 'Dismiss',
    description: 'Nothing wrong: it stays',
    summary: (kind) => `Close the report and keep the ${kind} as it is. The reporter is told the outcome.`,
  },
  remove_content: {
    label: 'Remove content',
    description: 'It disappears for everyone',
    summary: (kind) => `Remove the ${kind} for everyone and close the report. The reporter is told the outcome.`,
  },
  suspend_author: {
    label: 'Suspend author',
    description: 'They can no longer sign in',
    summary: (kind) =>
      `Remove the ${kind} for everyone and suspend its author: they can no longer sign in; a mentor is unpublished and their upcoming sessions are cancelled and refunded. The reporter is told the outcome.`,
  },
};

/** Support's decision on a reported message or review (`POST /api/support/reports/{id}/decide`). */
export function DecideReportDialog({ report, onClose }: { report: SupportReportView | null; onClose(): void }) {
  return report ? <DecideReportForm key={report.id} report={report} onClose={onClose} /> : null;
}

function DecideReportForm({ report, onClose }: { report: SupportReportView; onClose(): void }) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<DecideReportInput>({
    resolver: zodResolver(decideReportInput),
    defaultValues: { action: 'dismiss', note: '' },
  });
  const decide = useDecideReport();
  const action = watch('action');
  const submit = handleSubmit((input) =>
    decide.mutate(
      { reportId: report.id, ...input },
      {
        onSuccess: () => {
          toast.success('Report decided', { description: DECISIONS[input.action].label });
          onClose();
        },
      },
    ),
  );
  return (
    <ActionDialog
      onClose={onClose}
      title={`Decide a reported ${report.kind}`}
      description={`Reported for: ${report.reason}`}
      summary={DECISIONS[action].summary(report.kind)}
      confirmLabel="Decide"
      destructive={action !== 'dismiss'}
      pending={decide.isPending}
      error={decide.error}
      onSubmit={submit}
    >
      <RadioCards
        legend="Decision"
        registration={register('action')}
        selected={action}
        choices={REPORT_DECISIONS.map((decision) => ({
          value: decision,
          label: DECISIONS[decision].label,
          description: DECISIONS[decision].description,
        }))}
      />
      <ReasonField registration={register('note')} error={errors.note?.message} />
    </ActionDialog>
  );
}
