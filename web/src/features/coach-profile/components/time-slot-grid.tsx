import { type Slot, slotTime } from '../slot-days';

export function TimeSlotGrid({
  slots,
  timeZone,
  onPick,
}: {
  slots: readonly Slot[];
  timeZone: string;
  onPick(slot: Slot): void;
}) {
  if (slots.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-slate-700">No available slots for this date</p>
    );
  }
  return (
    <ul aria-label="Available times" className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
      {slots.map((slot) => (
        <li key={slot.start}>
          <button
            type="button"
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
