import { zodResolver } from '@hookform/resolvers/zod';
import { staffReason, type SupportSessionView } from '@functions/schemas/support';
import * as z from '@functions/schemas/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { TextField } from '@/components/ui/form-field';
import { RadioCards } from '@/components/ui/radio-cards';
import { useCancelOnBehalf } from '../api/users';
import { dollarsToCents, refundAmountProblem, sessionTime, usd } from '../format';
import { ActionDialog, ReasonField } from './action-dialog';

/** A session on a user's page, with both parties' names. */
export interface SessionToCancel {
  session: SupportSessionView;
  coachName: string;
  menteeName: string;
}

/** What is left to refund by card: nothing for a free consultation or a plan's session (the server refuses a refund of either). */
const refundable = ({ money, isFreeConsultation, planSession }: SupportSessionView) =>
  isFreeConsultation || planSession ? 0 : Math.max(0, money.priceCents - money.refundedCents);

/** The form of `supportCancelInput`: the refund as a choice, and the amount in dollars when it is one. */
const cancelForm = (maxCents: number) =>
  z.object({ reason: staffReason, refund: z.enum(['full', 'none', 'amount']), amount: z.string() }).check(
    z.superRefine((form, ctx) => {
      const problem = form.refund === 'amount' ? refundAmountProblem(form.amount, maxCents) : undefined;
      if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['amount'], input: form.amount });
    }),
  );
type CancelForm = z.infer<ReturnType<typeof cancelForm>>;

function summaryOf({ session, coachName, menteeName }: SessionToCancel, form: Pick<CancelForm, 'refund' | 'amount'>) {
  const cancel = `cancel the session on ${sessionTime(session.start)}`;
  const told = ` ${coachName} and ${menteeName} are told by e-mail.`;
  const most = refundable(session);
  if (session.planSession)
    return `Cancel the plan session on ${sessionTime(session.start)}; ${menteeName} gets the session back in their plan.${told}`;
  if (most === 0) return `Cancel the session on ${sessionTime(session.start)}; there is nothing to refund.${told}`;
  if (form.refund === 'full') return `Refund ${usd(most)} to ${menteeName} and ${cancel}.${told}`;
  if (form.refund === 'none')
    return `Cancel the session on ${sessionTime(session.start)} without a refund to ${menteeName}.${told}`;
  const cents = dollarsToCents(form.amount);
  const amount = refundAmountProblem(form.amount, most) ? 'the amount you enter' : usd(cents);
  return `Refund ${amount} of ${usd(most)} to ${menteeName} and ${cancel}.${told}`;
}

/** Cancels a session for a party (`POST /api/support/sessions/{id}/cancel`), refunding in full, not at all, or part. */
export function CancelOnBehalfDialog({ target, onClose }: { target: SessionToCancel | null; onClose(): void }) {
  // Mounted per session, so the form's refund limit is that session's.
  return target ? <CancelOnBehalfForm key={target.session.id} target={target} onClose={onClose} /> : null;
}

function CancelOnBehalfForm({ target, onClose }: { target: SessionToCancel; onClose(): void }) {
  const { session, coachName, menteeName } = target;
  const most = refundable(session);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<CancelForm>({
    resolver: zodResolver(cancelForm(most)),
    defaultValues: { reason: '', refund: most > 0 ? 'full' : 'none', amount: '' },
  });
  const cancel = useCancelOnBehalf();
  const [refund, amount] = watch(['refund', 'amount']);
  const submit = handleSubmit((form) => {
    cancel.mutate(
      {
        sessionId: session.id,
        reason: form.reason,
        refund: form.refund === 'amount' ? { amountCents: dollarsToCents(form.amount) } : form.refund,
      },
      {
        onSuccess: () => {
          toast.success('Session cancelled', { description: `The session on ${sessionTime(session.start)}.` });
          onClose();
        },
      },
    );
  });
  return (
    <ActionDialog
      onClose={onClose}
      title="Cancel session on behalf"
      description={`${coachName} with ${menteeName}, ${sessionTime(session.start)}, ${usd(session.money.priceCents)}`}
      summary={summaryOf(target, { refund, amount })}
      confirmLabel="Cancel session"
      destructive
      pending={cancel.isPending}
      error={cancel.error}
      onSubmit={submit}
    >
      {most > 0 && (
        <RadioCards
          legend="Refund"
          registration={register('refund')}
          selected={refund}
          choices={[
            { value: 'full', label: 'Full refund', description: usd(most) },
            { value: 'none', label: 'No refund', description: 'The mentee gets nothing back' },
            { value: 'amount', label: 'Part of it', description: 'An amount you enter' },
          ]}
        />
      )}
      {refund === 'amount' && (
        <TextField
          label="Refund amount (USD)"
          inputMode="decimal"
          hint={`Up to ${usd(most)}`}
          error={errors.amount?.message}
          {...register('amount')}
        />
      )}
      <ReasonField registration={register('reason')} error={errors.reason?.message} />
    </ActionDialog>
  );
}
