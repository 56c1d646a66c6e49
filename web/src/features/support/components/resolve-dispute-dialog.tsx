import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolution } from '@functions/domain/session-outcome';
import { resolveSessionInput } from '@functions/schemas/session-outcome';
import type { DisputeList } from '@functions/schemas/support';
import * as z from '@functions/schemas/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { TextField } from '@/components/ui/form-field';
import { RadioCards } from '@/components/ui/radio-cards';
import { useResolveDispute } from '../api/disputes';
import { dollarsToCents, refundAmountProblem, sessionTime, usd } from '../format';
import { ActionDialog, ReasonField } from './action-dialog';

export type Dispute = DisputeList['disputes'][number];

/** The form of `resolveSessionInput`: a split's refund in dollars, below the price. */
const resolveForm = (priceCents: number) =>
  z
    .object({
      resolution: resolveSessionInput.shape.resolution,
      amount: z.string(),
      note: resolveSessionInput.shape.note,
    })
    .check(
      z.superRefine((form, ctx) => {
        const problem = form.resolution === 'split' ? refundAmountProblem(form.amount, priceCents, true) : undefined;
        if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['amount'], input: form.amount });
      }),
    );
type ResolveForm = z.infer<ReturnType<typeof resolveForm>>;

function summaryOf({ session }: Dispute, resolution: Resolution, amount: string): string {
  const on = `the session on ${sessionTime(session.start)}`;
  const price = usd(session.money.priceCents);
  const told = ' Both are told the decision by e-mail.';
  if (resolution === 'pay_coach')
    return `Pay ${session.coachName} for ${on} (${price}, less the platform fee); ${session.menteeName} gets no refund.${told}`;
  if (resolution === 'refund_mentee')
    return `Refund ${price} to ${session.menteeName}; ${session.coachName} is not paid for ${on}.${told}`;
  const part = refundAmountProblem(amount, session.money.priceCents, true)
    ? 'the amount you enter'
    : usd(dollarsToCents(amount));
  return `Refund ${part} of ${price} to ${session.menteeName} and pay ${session.coachName} the rest for ${on}, less the platform fee.${told}`;
}

/** Support's decision on a disputed session (`POST /api/support/sessions/{id}/resolve`). */
export function ResolveDisputeDialog({ dispute, onClose }: { dispute: Dispute | null; onClose(): void }) {
  return dispute ? <ResolveDisputeForm key={dispute.session.id} dispute={dispute} onClose={onClose} /> : null;
}

function ResolveDisputeForm({ dispute, onClose }: { dispute: Dispute; onClose(): void }) {
  const { session } = dispute;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ResolveForm>({
    resolver: zodResolver(resolveForm(session.money.priceCents)),
    defaultValues: { resolution: 'pay_coach', amount: '', note: '' },
  });
  const resolve = useResolveDispute();
  const [resolution, amount] = watch(['resolution', 'amount']);
  const submit = handleSubmit((form) =>
    resolve.mutate(
      {
        sessionId: session.id,
        resolution: form.resolution,
        note: form.note,
        ...(form.resolution === 'split' ? { refundCents: dollarsToCents(form.amount) } : {}),
      },
      {
        onSuccess: () => {
          toast.success('Dispute resolved', { description: `The session on ${sessionTime(session.start)}.` });
          onClose();
        },
      },
    ),
  );
  return (
    <ActionDialog
      onClose={onClose}
      title="Resolve dispute"
      description={`${session.coachName} with ${session.menteeName}, ${sessionTime(session.start)}, ${usd(session.money.priceCents)}`}
      summary={summaryOf(dispute, resolution, amount)}
      confirmLabel="Resolve dispute"
      pending={resolve.isPending}
      error={resolve.error}
      onSubmit={submit}
    >
      <RadioCards
        legend="Decision"
        registration={register('resolution')}
        selected={resolution}
        choices={[
          { value: 'pay_coach', label: 'Pay the mentor', description: 'The session happened' },
          { value: 'refund_mentee', label: 'Refund the mentee', description: 'It did not happen' },
          { value: 'split', label: 'Split', description: 'Refund part, pay the rest' },
        ]}
      />
      {resolution === 'split' && (
        <TextField
          label="Refund to the mentee (USD)"
          inputMode="decimal"
          hint={`Less than ${usd(session.money.priceCents)}`}
          error={errors.amount?.message}
          {...register('amount')}
        />
      )}
      <ReasonField registration={register('note')} error={errors.note?.message} />
    </ActionDialog>
  );
}
