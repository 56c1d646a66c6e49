import { zodResolver } from '@hookform/resolvers/zod';
import { timeZoneDisplayName } from '@functions/domain/fixed-lists';
import { MAX_RESCHEDULE_REASON_LENGTH, MAX_RESCHEDULES } from '@functions/domain/rescheduling';
import type { SessionView } from '@functions/schemas/session';
import { rescheduleSessionInput } from '@functions/schemas/session-actions';
import * as z from '@functions/schemas/zod';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { LoadedSlots, SlotCalendar } from '@/components/slots/slot-calendar';
import type { Slot } from '@/components/slots/slot-days';
import { useCoachSlots } from '@/lib/coach-slots';
import { useRescheduleSession } from '../api/my-sessions';

const reasonOnly = z.pick(rescheduleSessionInput, { reason: true });
type ReasonInput = z.infer<typeof reasonOnly>;

const longTime = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat("cccc, LLLL d 'at' h:mm a");

/**
 * Moves a session: the coach's free times for the same length in the viewer's zone, then the
 * chosen time with the reason, confirmed. The server decides; a refusal is shown as it says.
 */
export function RescheduleSessionDialog({
  session,
  timeZone,
  onClose,
}: {
  session: SessionView | null;
  timeZone: string;
  onClose(): void;
}) {
  return (
    <Modal
      open={session !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Reschedule session"
      description={`Pick a new time for the same ${session?.durationMinutes ?? ''} minutes. The price stays as it is; both of you are e-mailed the new time.`}
    >
      {session && <RescheduleSteps key={session.id} session={session} timeZone={timeZone} onClose={onClose} />}
    </Modal>
  );
}

function RescheduleSteps({ session, timeZone, onClose }: { session: SessionView; timeZone: string; onClose(): void }) {
  const slots = useCoachSlots(session.coachId, session.durationMinutes, session.isFreeConsultation ? 'free' : 'paid');
  const [picked, setPicked] = useState<Slot | null>(null);
  const move = useRescheduleSession();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReasonInput>({ resolver: zodResolver(reasonOnly), defaultValues: { reason: '' } });

  const submit = handleSubmit(({ reason }) => {
    if (!picked) return;
    move.mutate(
      { session, start: picked.start, reason },
      {
        onSuccess: (moved) => {
          toast.success('Session Rescheduled', {
            description: `Moved to ${longTime(moved.start, timeZone)}. ${moved.rescheduleCount} of ${MAX_RESCHEDULES} moves used.`,
          });
          onClose();
        },
        onError: (failure) => {
          toast.error('Could Not Reschedule', { description: errorMessage(failure) });
          if (isApiError(failure, 'SLOT_TAKEN', 'CONCURRENT_CHANGE')) setPicked(null);
        },
      },
    );
  });

  const current = (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
      Now: {longTime(session.start, timeZone)} ({timeZoneDisplayName(timeZone)} time)
    </p>
  );

  if (!picked) {
    return (
      <div className="space-y-4">
        {current}
        <LoadedSlots
          slots={slots}
          empty={
            <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-700">
              This mentor has no other open times in the next 30 days.
            </p>
          }
        >
          {(open) => <SlotCalendar slots={open} timeZone={timeZone} onPick={setPicked} />}
        </LoadedSlots>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Keep current time
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {current}
      <p className="rounded-lg border border-brand-600 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900">
        New: {longTime(picked.start, timeZone)} – {DateTime.fromISO(picked.end, { zone: timeZone }).toFormat('h:mm a')}
      </p>
      <TextAreaField
        label="Reason for rescheduling"
        required
        maxLength={MAX_RESCHEDULE_REASON_LENGTH}
        error={errors.reason?.message}
        hint="The other party sees this in their e-mail."
        {...register('reason')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setPicked(null)} disabled={move.isPending}>
          Choose another time
        </Button>
        <Button type="submit" disabled={move.isPending} aria-busy={move.isPending}>
          {move.isPending ? 'Rescheduling…' : 'Confirm new time'}
        </Button>
      </div>
    </form>
  );
}
