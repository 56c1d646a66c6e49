import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_PLAN_DESCRIPTION, MAX_PLAN_SESSIONS, MIN_PLAN_SESSIONS, planSummary } from '@functions/domain/plans';
import type { PlanInput } from '@functions/schemas/plans';
import type { Profile } from '@functions/schemas/profile';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { numberOrNull, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { MinutesController } from '@/components/ui/minutes-choice';
import { SwitchController } from '@/components/ui/switch-field';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useUpdatePlan } from '../../api/update-plan';
import { COACHING_SECTIONS } from './coaching-sections';
import { type PlanFormValues, planForm, toPlanFormValues } from './plan-form-schema';

const SESSION_MINUTES = [30, 60] as const;
const SESSION_COUNTS = Array.from({ length: MAX_PLAN_SESSIONS - MIN_PLAN_SESSIONS + 1 }, (_, index) => {
  const count = MIN_PLAN_SESSIONS + index;
  return { value: String(count), label: `${count} ${count === 1 ? 'session' : 'sessions'}` };
});

function goToPaymentAccount() {
  const section = document.getElementById(COACHING_SECTIONS.payments);
  section?.scrollIntoView({ block: 'start' });
  section?.focus({ preventScroll: true });
}

/** What the server refused, beside the form: a missing payment account says where to finish it. */
function SaveProblem({ error }: { error: unknown }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p>{errorMessage(error)}</p>
      {isApiError(error, 'SETUP_INCOMPLETE') && (
        <>
          <p className="mt-1">Mentees pay for a plan by card, so your payment account must be set up first.</p>
          <Button variant="secondary" className="mt-2" onClick={goToPaymentAccount}>
            Go to Payment account
          </Button>
        </>
      )}
    </div>
  );
}

/** Coach settings, the Plan card: one monthly plan, a price for a number of sessions of one length. */
export function PlanForm({ profile }: { profile: Profile }) {
  const {
    register,
    control,
    watch,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PlanFormValues, unknown, PlanInput>({
    resolver: zodResolver(planForm),
    defaultValues: toPlanFormValues(profile.plan),
  });
  const updatePlan = useUpdatePlan(profile.userId);
  const [price, sessionsPerMonth, sessionMinutes, description] = watch([
    'monthlyPrice',
    'sessionsPerMonth',
    'sessionMinutes',
    'description',
  ]);

  const submit = handleSubmit((plan) =>
    updatePlan.mutate(plan, {
      onSuccess: (saved) => {
        reset(toPlanFormValues(saved));
        toast.success('Plan Saved', {
          description: saved.active ? 'Mentees can now subscribe to your plan.' : 'Your plan is switched off.',
        });
      },
      onError: (error) => toast.error('Update Failed', { description: errorMessage(error) }),
    }),
  );

  const previewable = typeof price === 'number' && Number.isInteger(price) && price > 0;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <SwitchController
        control={control}
        name="active"
        label="Offer a monthly plan"
        hint={
          profile.calendlyUrl
            ? 'Plan sessions are booked in your own time slots: remove your Calendly booking link under Rates first.'
            : 'Turning it off stops new subscriptions; plans already running go on until they end.'
        }
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Monthly price (USD)"
          type="number"
          inputMode="numeric"
          min={10}
          step={1}
          required
          hint="Whole dollars, $10 to $10,000."
          error={errors.monthlyPrice?.message}
          {...register('monthlyPrice', { setValueAs: numberOrNull })}
        />
        <SelectField
          label="Sessions per month"
          placeholder="Choose…"
          choices={SESSION_COUNTS}
          required
          error={errors.sessionsPerMonth?.message}
          {...register('sessionsPerMonth', { setValueAs: numberOrNull })}
        />
      </div>
      <MinutesController control={control} name="sessionMinutes" legend="Session length" choices={SESSION_MINUTES} />
      <TextAreaField
        label="Description"
        placeholder="What a month with you includes: calls, messages between them, what you work on."
        maxLength={MAX_PLAN_DESCRIPTION}
        hint={`${description?.length ?? 0} of ${MAX_PLAN_DESCRIPTION} characters.`}
        error={errors.description?.message}
        {...register('description')}
      />
      {previewable && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Mentees see:{' '}
          <span className="font-semibold text-slate-900">
            {planSummary({ monthlyPriceCents: price * 100, sessionsPerMonth, sessionMinutes })}
          </span>
        </p>
      )}
      {updatePlan.isError && <SaveProblem error={updatePlan.error} />}
      <Button type="submit" disabled={updatePlan.isPending}>
        {updatePlan.isPending ? 'Saving...' : 'Save plan'}
      </Button>
    </form>
  );
}
