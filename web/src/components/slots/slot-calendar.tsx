import { timeZoneDisplayName } from '@functions/domain/fixed-lists';
import { DateTime } from 'luxon';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { DateStrip } from './date-strip';
import { bookableDays, longDate, type Slot, slotsByDay } from './slot-days';
import { TimeSlotGrid } from './time-slot-grid';

const slotCountText = (count: number) =>
  count === 0 ? 'No available times' : `${count} available ${count === 1 ? 'time' : 'times'}`;

/**
 * The date strip and the chosen day's times, opening on the first day with a free time; a polite
 * status tells screen-reader users how many times the newly chosen day has.
 */
export function SlotCalendar({
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

/** The coach's slots while they load, when they fail (with a retry), when there are none, or the calendar. */
export function LoadedSlots({
  slots,
  empty,
  children,
}: {
  slots: UseQueryResult<Slot[]>;
  empty: ReactNode;
  children(slots: readonly Slot[]): ReactNode;
}) {
  if (slots.isPending) return <Spinner label="Loading available times..." />;
  if (slots.isError) {
    return (
      <div role="alert" className="rounded-lg bg-red-50 px-4 py-4 text-sm text-red-800">
        Could not load available times.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void slots.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return slots.data.length === 0 ? empty : children(slots.data);
}
