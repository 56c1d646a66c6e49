import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_FREE_CONSULT_MINUTES } from '@functions/domain/constants';
import { EXTERNAL_CALENDAR_HOST } from '@functions/domain/external-calendar';
import type { Profile } from '@functions/schemas/profile';
import type { RatesUpdate } from '@functions/schemas/coach-settings';
import { type FieldErrors, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { HOURLY_RATE_FIELD } from '@/components/profile/field-presets';
import { Button } from '@/components/ui/button';
import { numberOrNull, TextAreaField, TextField } from '@/components/ui/form-field';
import { MinutesController } from '@/components/ui/minutes-choice';
import { SwitchController } from '@/components/ui/switch-field';
import { errorMessage } from '@/lib/error-message';
import { useUpdateRates } from '../../api/update-rates';
import { type RatesFormValues, rateProblemTitle, ratesForm, toRatesFormValues } from './rates-form-schema';
import { SessionPayouts } from './session-payouts';

/** Spec section 9: a free consultation lasts 15 or 30 minutes. */
const FREE_CONSULT_MINUTES = [15, 30] as const;

/** The rate as typed (whole dollars), in cents; nothing while it is not a number yet. */
const wholeDollarsToCents = (dollars: unknown) =>
  typeof dollars === 'number' && Number.isFinite(dollars) ? Math.round(dollars) * 100 : null;

/** The inline messages say what is wrong; the toast names it with the spec's title. */
function toastFirstProblem(errors: FieldErrors<RatesFormValues>) {
  if (errors.hourlyRate) {
    toast.error(rateProblemTitle(errors.hourlyRate.message), { description: errors.hourlyRate.message });
  } else if (errors.calendlyUrl) {
    toast.error('Invalid Calendly URL', { description: `Use your ${EXTERNAL_CALENDAR_HOST}/your-name link.` });
  }
}

export function RatesForm({ profile }: { profile: Profile }) {
  const {
    register,
    control,
    watch,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RatesFormValues, unknown, RatesUpdate>({
    resolver: zodResolver(ratesForm),
    defaultValues: toRatesFormValues(profile),
  });
  const updateRates = useUpdateRates(profile.userId);

  const submit = handleSubmit(
    (update) =>
      updateRates.mutate(update, {
        onSuccess: (saved) => {
          reset(toRatesFormValues(saved));
          toast.success('Mentoring Settings Updated', { description: 'Your rates and coach bio have been saved.' });
        },
        onError: (error) => toast.error('Update Failed', { description: errorMessage(error) }),
      }),
    toastFirstProblem,
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="max-w-xs">
        <TextField
          {...HOURLY_RATE_FIELD}
          hint="Whole dollars, at least $1."
          error={errors.hourlyRate?.message}
          {...register('hourlyRate', { setValueAs: numberOrNull })}
        />
      </div>
      <SessionPayouts hourlyRateCents={wholeDollarsToCents(watch('hourlyRate'))} />
      <TextAreaField
        label="Coach bio"
        placeholder="What you offer mentees, and how you like to work."
        error={errors.coachBio?.message}
        {...register('coachBio')}
      />
      <SwitchController
        control={control}
        name="offersFreeConsult"
        label="Offer a free consultation"
        hint="Each mentee may book one free consultation with you."
      />
      {watch('offersFreeConsult') && (
        <MinutesController
          control={control}
          name="freeConsultMinutes"
          legend="Free consultation length"
          choices={FREE_CONSULT_MINUTES}
          unsetAs={DEFAULT_FREE_CONSULT_MINUTES}
        />
      )}
      <TextField
        label="External booking calendar (optional)"
        type="url"
        placeholder={`${EXTERNAL_CALENDAR_HOST}/your-name`}
        hint="Mentees book through this calendar instead of your time slots. Leave empty to use your time slots."
        error={errors.calendlyUrl?.message}
        {...register('calendlyUrl')}
      />
      <Button type="submit" disabled={updateRates.isPending}>
        {updateRates.isPending ? 'Saving...' : 'Save mentoring settings'}
      </Button>
    </form>
  );
}
