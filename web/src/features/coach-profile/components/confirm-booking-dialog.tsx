import { timeZoneDisplayName } from '@functions/domain/fixed-lists';
import { DateTime } from 'luxon';
import { type SessionOption, sessionPriceLabel, sessionTypeLabel } from '../session-options';
import { type Slot, slotTime } from '../slot-days';
import { Modal } from './modal';
import { Button } from '@/components/ui/button';

export interface BookingChoice {
  coachName: string;
  hourlyRateCents: number;
  option: SessionOption;
  slot: Slot;
  timeZone: string;
}

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function ConfirmBookingDialog({ choice, onClose }: { choice: BookingChoice | null; onClose(): void }) {
  return (
    <Modal
      open={choice !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Confirm Booking"
      description="Check the details of your session."
    >
      {choice && <BookingSummary choice={choice} onCancel={onClose} />}
    </Modal>
  );
}

function BookingSummary({ choice, onCancel }: { choice: BookingChoice; onCancel(): void }) {
  const { option, slot, timeZone } = choice;
  const start = DateTime.fromISO(slot.start, { zone: timeZone });
  return (
    <>
      <dl className="divide-y divide-slate-100 text-sm">
        <Detail term="Mentor">{choice.coachName}</Detail>
        <Detail term="Date">{start.toFormat('cccc, LLLL d, yyyy')}</Detail>
        <Detail term="Time">{`${slotTime(slot.start, timeZone)} – ${slotTime(slot.end, timeZone)}`}</Detail>
        <Detail term="Time zone">{timeZoneDisplayName(timeZone)}</Detail>
        <Detail term="Duration">{`${option.minutes} minutes`}</Detail>
        <Detail term="Session type">{sessionTypeLabel(option)}</Detail>
        <Detail term="Total">{sessionPriceLabel(option, choice.hourlyRateCents)}</Detail>
      </dl>
      <p id="booking-opens-soon" className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        Booking opens soon.
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled aria-describedby="booking-opens-soon">
          {option.isFreeConsultation ? 'Confirm Booking' : 'Proceed to Payment'}
        </Button>
      </div>
    </>
  );
}
