import { zodResolver } from '@hookform/resolvers/zod';
import { AVAILABILITY_HORIZON_DAYS } from '@functions/domain/availability';
import { timeZoneDisplayName } from '@functions/domain/fixed-lists';
import { type Availability, type NewAvailability, newAvailability } from '@functions/schemas/availability';
import { DateTime } from 'luxon';
import type * as z from '@functions/schemas/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { SwitchController } from '@/components/ui/switch-field';
import { errorMessage } from '@/lib/error-message';
import { useAddAvailability } from '../../api/my-availability';
import { timeZoneChoices } from '../time-zone-choices';
import { checkNewAvailability, MISSING_INFORMATION_TITLE } from './check-new-availability';
import { availabilityTextLine, describeAvailability } from './describe-availability';
import { END_TIME_CHOICES, START_TIME_CHOICES } from './half-hour-times';

type SlotForm = z.input<typeof newAvailability>;

/** The date picker's range: today up to 365 days ahead, on the calendar of the chosen zone. */
function dateRange(zone: string) {
  const today = DateTime.now().setZone(zone).startOf('day');
  return { min: today.toISODate() ?? '', max: today.plus({ days: AVAILABILITY_HORIZON_DAYS }).toISODate() ?? '' };
}

/**
 * A new window, on the wall clock of the coach's profile zone unless they pick another; the list
 * above shows every window in the profile zone. Refusals show beside the field, titled in a toast.
 */
export function AddAvailabilityForm({
  coachId,
  zone,
  existing,
}: {
  coachId: string;
  zone: string;
  existing: readonly Availability[];
}) {
  const emptyForm: SlotForm = { date: '', startTime: '', endTime: '', recurring: false, timezone: zone };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<SlotForm, unknown, NewAvailability>({ resolver: zodResolver(newAvailability), defaultValues: emptyForm });
  const addAvailability = useAddAvailability(coachId);
  const chosenZone = watch('timezone');
  const { min, max } = dateRange(chosenZone);

  const submit = handleSubmit(
    (input) => {
      const problem = checkNewAvailability(input, existing, new Date());
      if (problem) {
        setError(problem.field, { message: problem.message }, { shouldFocus: true });
        toast.error(problem.title, { description: problem.message });
        return;
      }
      addAvailability.mutate(input, {
        onSuccess: (added) => {
          reset(emptyForm);
          toast.success('Time Slot Added', {
            description: `Available ${availabilityTextLine(describeAvailability(added, zone))}.`,
          });
        },
        onError: (error) => toast.error('Failed to Add Slot', { description: errorMessage(error) }),
      });
    },
    (invalid) => {
      const [first] = Object.values(invalid);
      if (first?.message) toast.error(MISSING_INFORMATION_TITLE, { description: first.message });
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Add a time slot" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Date" type="date" min={min} max={max} error={errors.date?.message} {...register('date')} />
        <SelectField
          label="Start time"
          placeholder="Select start"
          choices={START_TIME_CHOICES}
          error={errors.startTime?.message}
          {...register('startTime')}
        />
        <SelectField
          label="End time"
          placeholder="Select end"
          choices={END_TIME_CHOICES}
          error={errors.endTime?.message}
          {...register('endTime')}
        />
        <div className="sm:col-span-3 sm:max-w-sm">
          <SelectField
            label="Time zone"
            placeholder="Select a time zone"
            choices={timeZoneChoices(zone)}
            hint={
              chosenZone === zone
                ? `Your profile's time zone, ${timeZoneDisplayName(zone)}.`
                : `Not your profile's time zone (${timeZoneDisplayName(zone)}).`
            }
            error={errors.timezone?.message}
            {...register('timezone')}
          />
        </div>
      </div>
      <SwitchController
        control={control}
        name="recurring"
        label="Repeat weekly"
        hint="The slot repeats every week on this date's weekday."
      />
      <Button type="submit" disabled={addAvailability.isPending}>
        {addAvailability.isPending ? 'Adding...' : 'Add time slot'}
      </Button>
    </form>
  );
}
