import { type KeyboardEvent, useRef, useState } from 'react';
import { rovingTarget } from './roving-focus';
import { longDate, type Slot, slotTime } from './slot-days';

/** How many columns the grid shows at the current width, read from its laid-out style. */
const gridColumns = (grid: HTMLElement | null) =>
  grid ? getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length || 1 : 1;

/**
 * The chosen day's times as one tab stop: arrow keys move between them (up and down by row),
 * Enter or Space picks one. Each time is named with its date, as it is read out on its own.
 */
export function TimeSlotGrid({
  day,
  slots,
  timeZone,
  onPick,
}: {
  day: string;
  slots: readonly Slot[];
  timeZone: string;
  onPick(slot: Slot): void;
}) {
  const grid = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, Math.max(slots.length - 1, 0));

  if (slots.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-slate-700">No available slots for this date</p>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = rovingTarget(event.key, activeIndex, slots.length, gridColumns(grid.current));
    if (target === null) return;
    event.preventDefault();
    setActive(target);
    grid.current?.querySelectorAll('button')[target]?.focus();
  };

  return (
    <ul
      ref={grid}
      aria-label="Available times"
      onKeyDown={onKeyDown}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4"
    >
      {slots.map((slot, index) => (
        <li key={slot.start}>
          <button
            type="button"
            tabIndex={index === activeIndex ? 0 : -1}
            data-focus-key={`slot-${slot.start}`}
            aria-label={`${slotTime(slot.start, timeZone)}, ${longDate(day)}`}
            onFocus={() => setActive(index)}
            onClick={() => onPick(slot)}
            className="w-full rounded-lg border border-brand-600 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {slotTime(slot.start, timeZone)}
          </button>
        </li>
      ))}
    </ul>
  );
}
