import { AVAILABILITY_HORIZON_DAYS } from '@functions/domain/availability';
import type { Availability, NewAvailability } from '@functions/schemas/availability';
import { DateTime } from 'luxon';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { SwitchField } from '@/components/ui/switch-field';
import { errorMessage } from '@/lib/error-message';
import { useAddAvailability } from '../../api/my-availability';
import { checkNewAvailability } from './check-new-availability';
import { availabilityTextLine, describeAvailability } from './describe-availability';
import { END_TIME_CHOICES, START_TIME_CHOICES } from './half-hour-times';

type SlotForm = Pick<NewAvailability, 'date' | 'startTime' | 'endTime' | 'recurring'>;

const EMPTY_FORM: SlotForm = { date: '', startTime: '', endTime: '', recurring: false };

/** The date picker's range: today up to 365 days ahead, on the coach's calendar. */
function dateRange(zone: string) {
  const today = DateTime.now().setZone(zone).startOf('day');
  return { min: today.toISODate() ?? '', max: today.plus({ days: AVAILABILITY_HORIZON_DAYS }).toISODate() ?? '' };
}

export function AddAvailabilityForm({
  coachId,
  zone,
  existing,
}: {
  coachId: string;
  zone: string;
  existing: readonly Availability[];
}) {
  const { register, control, handleSubmit, reset } = useForm<SlotForm>({ defaultValues: EMPTY_FORM });
  const addAvailability = useAddAvailability(coachId);
  const { min, max } = dateRange(zone);

  const submit = handleSubmit((form) => {
    const input = { ...form, timezone: zone };
    const problem = checkNewAvailability(input, existing, new Date());
    if (problem) {
      toast.error(problem.title, { description: problem.message });
      return;
    }
    addAvailability.mutate(input, {
      onSuccess: (added) => {
        reset(EMPTY_FORM);
        toast.success('Time Slot Added', {
          description: `Available ${availabilityTextLine(describeAvailability(added, zone))}.`,
        });
      },
      onError: (error) => toast.error('Failed to Add Slot', { description: errorMessage(error) }),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Add a time slot" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Date" type="date" min={min} max={max} {...register('date')} />
        <SelectField
          label="Start time"
          placeholder="Select start"
          choices={START_TIME_CHOICES}
          {...register('startTime')}
        />
        <SelectField label="End time" placeholder="Select end" choices={END_TIME_CHOICES} {...register('endTime')} />
      </div>
      <Controller
        control={control}
        name="recurring"
        render={({ field }) => (
          <SwitchField
            label="Repeat weekly"
            hint="The slot repeats every week on this date's weekday."
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <Button type="submit" disabled={addAvailability.isPending}>
        {addAvailability.isPending ? 'Adding...' : 'Add time slot'}
      </Button>
    </form>
  );
}
