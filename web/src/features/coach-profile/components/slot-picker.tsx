import { timeZoneDisplayName } from '@functions/domain/fixed-lists';
import type { Coach } from '@functions/schemas/coach';
import { CalendarX } from 'lucide-react';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useCoachSlots } from '../api/get-coach-slots';
import { useFreeConsultationEligibility } from '../api/get-free-consultation-eligibility';
import { useViewerTimeZone } from '@/lib/use-viewer-time-zone';
import { DEFAULT_SESSION_OPTION, type SessionOption, sessionOptions } from '../session-options';
import { bookableDays, longDate, type Slot, slotsByDay } from '../slot-days';
import { ConfirmBookingDialog } from './confirm-booking-dialog';
import { DateStrip } from './date-strip';
import { LoginDialog } from './login-dialog';
import { LoginRequiredPanel } from './login-required-panel';
import { SessionLengthChoice } from './session-length-choice';
import { TimeSlotGrid } from './time-slot-grid';

/** Signed out, the free consultation is shown whenever the coach offers it; signed in, only while unused. */
function useSessionOptions(coach: Coach) {
  const { user } = useAuth();
  const eligibility = useFreeConsultationEligibility(coach.userId, Boolean(user) && coach.offersFreeConsult);
  return sessionOptions(coach, user ? eligibility.data === true : true);
}

/** The login dialog's sign-in comes back to the coach page with the picked time: `?length=30&slot=START`. */
const LENGTH_PARAMETER = 'length';
const SLOT_PARAMETER = 'slot';

const pickedTimePath = (pathname: string, option: SessionOption, slot: Slot) =>
  `${pathname}?${new URLSearchParams({ [LENGTH_PARAMETER]: option.id, [SLOT_PARAMETER]: slot.start })}`;

/** Back from signing in with a picked time that is still free, the booking dialog opens on it again. */
function useTimePickedBeforeSignIn(slots: readonly Slot[] | undefined, signedIn: boolean, pick: (slot: Slot) => void) {
  const [params, setParams] = useSearchParams();
  const start = params.get(SLOT_PARAMETER);
  useEffect(() => {
    if (!start || !signedIn || !slots) return;
    const slot = slots.find((candidate) => candidate.start === start);
    if (slot) pick(slot);
    setParams({}, { replace: true });
  }, [start, signedIn, slots, pick, setParams]);
}

export function SlotPicker({ coach, coachName }: { coach: Coach; coachName: string }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const timeZone = useViewerTimeZone();
  const options = useSessionOptions(coach);
  const [chosenId, setChosenId] = useState(() => params.get(LENGTH_PARAMETER) ?? DEFAULT_SESSION_OPTION.id);
  const option = options.find((candidate) => candidate.id === chosenId) ?? options[0]!;
  const slots = useCoachSlots(coach.userId, option.minutes);
  const [pickedSlot, setPickedSlot] = useState<Slot | null>(null);
  useTimePickedBeforeSignIn(slots.data, Boolean(user), setPickedSlot);

  return (
    <div className="space-y-6">
      {!user && <LoginRequiredPanel />}
      <SessionLengthChoice options={options} chosen={option} onChoose={(next) => setChosenId(next.id)} />
      {slots.isPending ? (
        <Spinner label="Loading available times..." />
      ) : slots.isError ? (
        <div role="alert" className="rounded-lg bg-red-50 px-4 py-4 text-sm text-red-800">
          Could not load available times.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void slots.refetch()}>
            Try again
          </button>
        </div>
      ) : slots.data.length === 0 ? (
        <div className="rounded-lg bg-slate-50 px-4 py-8 text-center">
          <CalendarX className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />
          <p className="mt-2 font-semibold text-slate-900">Coach Availability Not Set</p>
          <p className="text-sm text-slate-700">This mentor has no open times in the next 30 days.</p>
        </div>
      ) : (
        <SlotCalendar key={option.id} slots={slots.data} timeZone={timeZone} onPick={setPickedSlot} />
      )}
      {user ? (
        <ConfirmBookingDialog
          choice={
            pickedSlot && {
              coachId: coach.userId,
              coachName,
              hourlyRateCents: coach.hourlyRateCents,
              option,
              slot: pickedSlot,
              timeZone,
            }
          }
          onClose={() => setPickedSlot(null)}
        />
      ) : (
        <LoginDialog
          open={pickedSlot !== null}
          onOpenChange={(open) => !open && setPickedSlot(null)}
          returnTo={pickedSlot ? pickedTimePath(pathname, option, pickedSlot) : pathname}
        />
      )}
    </div>
  );
}

const slotCountText = (count: number) =>
  count === 0 ? 'No available times' : `${count} available ${count === 1 ? 'time' : 'times'}`;

/**
 * The date strip and the chosen day's times, opening on the first day with a free time; a polite
 * status tells screen-reader users how many times the newly chosen day has.
 */
function SlotCalendar({
  slots,
  timeZone,
  onPick,
}: {
  slots: readonly Slot[];
  timeZone: string;
  onPick(slot: Slot): void;
}) {
  const days = useMemo(() => bookableDays(DateTime.now(), timeZone), [timeZone]);
  const byDay = useMemo(() => slotsByDay(slots, timeZone), [slots, timeZone]);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const selectedDay = chosenDay ?? days.find((day) => byDay.has(day)) ?? days[0]!;
  const daysWithSlots = useMemo(() => new Set(byDay.keys()), [byDay]);

  return (
    <>
      <DateStrip days={days} daysWithSlots={daysWithSlots} selectedDay={selectedDay} onSelect={setChosenDay} />
      <section aria-labelledby="available-times">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="available-times" className="text-sm font-semibold text-slate-900">
            Available times on {DateTime.fromISO(selectedDay).toFormat('cccc, LLLL d')}
          </h3>
          <p className="text-xs text-slate-600">Times shown in {timeZoneDisplayName(timeZone)} time</p>
        </div>
        <p role="status" className="sr-only">
          {slotCountText(byDay.get(selectedDay)?.length ?? 0)} on {longDate(selectedDay)}
        </p>
        <TimeSlotGrid
          key={selectedDay}
          day={selectedDay}
          slots={byDay.get(selectedDay) ?? []}
          timeZone={timeZone}
          onPick={onPick}
        />
      </section>
    </>
  );
}
