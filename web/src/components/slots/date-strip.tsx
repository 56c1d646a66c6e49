import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { DateTime } from 'luxon';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { rovingTarget } from './roving-focus';

const DAYS_SHOWN = 7;

function DayButton({
  day,
  hasSlots,
  selected,
  tabbable,
  onSelect,
}: {
  day: string;
  hasSlots: boolean;
  selected: boolean;
  /** The strip's one tab stop: the chosen day, or the week's first when another week is shown. */
  tabbable: boolean;
  onSelect(): void;
}) {
  const date = DateTime.fromISO(day);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a day is a three-line card; a button with the radio role keeps it one element the group's arrow keys move between.
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      tabIndex={tabbable ? 0 : -1}
      data-day={day}
      aria-label={`${date.toFormat('cccc, LLLL d')}${hasSlots ? ', has available times' : ', no available times'}`}
      onClick={onSelect}
      className={clsx(
        'flex flex-col items-center rounded-lg border px-1 py-2 text-sm',
        selected
          ? 'border-brand-700 bg-brand-700 text-white'
          : hasSlots
            ? 'border-brand-600 bg-white text-slate-900 hover:bg-brand-50'
            : 'border-slate-200 bg-slate-50 text-slate-600',
      )}
    >
      <span className="text-xs uppercase">{date.toFormat('ccc')}</span>
      <span className="text-lg font-semibold">{date.toFormat('d')}</span>
      <span className="text-xs">{date.toFormat('LLL')}</span>
      <span
        aria-hidden="true"
        className={clsx(
          'mt-1 h-1.5 w-1.5 rounded-full',
          hasSlots ? (selected ? 'bg-white' : 'bg-brand-600') : 'bg-transparent',
        )}
      />
    </button>
  );
}

/**
 * A week of the bookable days at a time, with the days that have free times marked. The days are
 * one radio group: arrow keys choose the next or previous day, across weeks, and Home and End the
 * first and last bookable day.
 */
export function DateStrip({
  days,
  daysWithSlots,
  selectedDay,
  onSelect,
}: {
  days: readonly string[];
  daysWithSlots: ReadonlySet<string>;
  selectedDay: string;
  onSelect(day: string): void;
}) {
  const selectedIndex = Math.max(days.indexOf(selectedDay), 0);
  const [week, setWeek] = useState(Math.floor(selectedIndex / DAYS_SHOWN));
  const strip = useRef<HTMLDivElement>(null);
  const focusSelected = useRef(false);

  useEffect(() => {
    if (!focusSelected.current) return;
    focusSelected.current = false;
    strip.current?.querySelector<HTMLButtonElement>(`[data-day="${selectedDay}"]`)?.focus();
  }, [selectedDay]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const focusedDay = (event.target as HTMLElement).dataset.day ?? selectedDay;
    const target = rovingTarget(event.key, Math.max(days.indexOf(focusedDay), 0), days.length, 1);
    if (target === null) return;
    event.preventDefault();
    focusSelected.current = true;
    setWeek(Math.floor(target / DAYS_SHOWN));
    onSelect(days[target]!);
  };
  const weeks = Math.ceil(days.length / DAYS_SHOWN);
  // The times below always belong to a day the strip shows: paging picks the new week's first day with times.
  const page = (next: number) => {
    setWeek(next);
    const daysOfPage = days.slice(next * DAYS_SHOWN, (next + 1) * DAYS_SHOWN);
    onSelect(daysOfPage.find((day) => daysWithSlots.has(day)) ?? daysOfPage[0]!);
  };
  const shown = days.slice(week * DAYS_SHOWN, (week + 1) * DAYS_SHOWN);
  const navClass =
    'grid h-9 w-9 place-items-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-40';

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">Date</legend>
      <div className="mt-2 flex items-center justify-between">
        <button
          type="button"
          className={navClass}
          aria-label="Previous week"
          disabled={week === 0}
          onClick={() => page(week - 1)}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </button>
        <p className="text-sm font-medium text-slate-700" aria-live="polite">
          {DateTime.fromISO(shown[0]!).toFormat('LLL d')} – {DateTime.fromISO(shown.at(-1)!).toFormat('LLL d')}
        </p>
        <button
          type="button"
          className={navClass}
          aria-label="Next week"
          disabled={week === weeks - 1}
          onClick={() => page(week + 1)}
        >
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <div
        ref={strip}
        role="radiogroup"
        aria-label="Days shown"
        onKeyDown={onKeyDown}
        className="mt-2 grid grid-cols-7 gap-1 sm:gap-2"
      >
        {shown.map((day) => (
          <DayButton
            key={day}
            day={day}
            hasSlots={daysWithSlots.has(day)}
            selected={day === selectedDay}
            tabbable={day === (shown.includes(selectedDay) ? selectedDay : shown[0])}
            onSelect={() => onSelect(day)}
          />
        ))}
      </div>
    </fieldset>
  );
}
