import { timeZoneDisplayName } from '@functions/domain/fixed-lists';
import { formatPrice } from '@functions/domain/money';
import type { NewBooking } from '@functions/schemas/session';
import { DateTime } from 'luxon';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import { openInNewTab } from '@/lib/open-in-new-tab';
import { useBookSession } from '../api/book-session';
import { type SessionOption, sessionPriceLabel, sessionTypeLabel } from '../session-options';
import { type Slot, slotTime } from '@/components/slots/slot-days';

export interface BookingChoice {
  coachId: string;
  coachName: string;
  hourlyRateCents: number;
  option: SessionOption;
  slot: Slot;
  timeZone: string;
  /**
   * Set when the time was picked in the coach's external calendar instead of the slot picker: the
   * event's URI (all the server takes) and what the server read of it there.
   */
  externalCalendar?: { eventType: string | null; uri: string; priceCents: number };
}

const BOOKING_FAILED = 'There was an error processing your booking. Please try again.';
/** Spec section 7: after a free booking, the dashboard follows the toast. */
const DASHBOARD_DELAY_MS = 2_000;

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

const bookingOf = (choice: BookingChoice): NewBooking =>
  choice.externalCalendar
    ? {
        coachId: choice.coachId,
        externalEvent: { uri: choice.externalCalendar.uri },
      }
    : {
        coachId: choice.coachId,
        start: choice.slot.start,
        durationMinutes: choice.option.minutes,
        freeConsultation: choice.option.isFreeConsultation,
        ...(choice.option.subscriptionId ? { subscriptionId: choice.option.subscriptionId } : {}),
      };

/** A client error says what was wrong (the slot was just taken, say); anything else gets the spec's words. */
const failureText = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : BOOKING_FAILED;

function BookingSummary({ choice, onCancel }: { choice: BookingChoice; onCancel(): void }) {
  const { option, slot, timeZone } = choice;
  const start = DateTime.fromISO(slot.start, { zone: timeZone });
  const navigate = useNavigate();
  const booking = useBookSession(choice.coachId);
  // A free consultation and a plan's session are confirmed at once; anything else is paid at checkout.
  const free = option.isFreeConsultation || Boolean(option.subscriptionId);

  const confirm = async () => {
    try {
      if (free) {
        await booking.mutateAsync(bookingOf(choice));
        onCancel();
        toast.success(option.subscriptionId ? 'Session Booked!' : 'Free Consultation Booked!', {
          description: option.subscriptionId
            ? 'One session of your plan is used. Opening your dashboard…'
            : 'Your session is confirmed. Opening your dashboard…',
        });
        setTimeout(() => navigate('/dashboard'), DASHBOARD_DELAY_MS);
        return;
      }
      await openInNewTab(async () => {
        const { checkoutUrl } = await booking.mutateAsync(bookingOf(choice));
        if (!checkoutUrl) throw new Error('The server did not open a payment page.');
        return checkoutUrl;
      });
      onCancel();
      toast.success('Redirecting to Payment', {
        description: 'Complete your payment in the new tab within 30 minutes.',
      });
    } catch (error) {
      toast.error('Booking Failed', { description: failureText(error) });
    }
  };

  return (
    <>
      <dl className="divide-y divide-slate-100 text-sm">
        <Detail term="Mentor">{choice.coachName}</Detail>
        <Detail term="Date">{start.toFormat('cccc, LLLL d, yyyy')}</Detail>
        <Detail term="Time">{`${slotTime(slot.start, timeZone)} – ${slotTime(slot.end, timeZone)}`}</Detail>
        <Detail term="Time zone">{timeZoneDisplayName(timeZone)}</Detail>
        <Detail term="Duration">{`${option.minutes} minutes`}</Detail>
        <Detail term="Session type">{sessionTypeLabel(option)}</Detail>
        {choice.externalCalendar && <Detail term="Booking method">External calendar</Detail>}
        {choice.externalCalendar?.eventType && <Detail term="Event type">{choice.externalCalendar.eventType}</Detail>}
        <Detail term="Total">
          {choice.externalCalendar
            ? formatPrice(choice.externalCalendar.priceCents)
            : sessionPriceLabel(option, choice.hourlyRateCents)}
        </Detail>
      </dl>
      {!free && (
        <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Payment opens in a new tab. Your time is held for 30 minutes while you pay.
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={booking.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} disabled={booking.isPending} aria-busy={booking.isPending}>
          {booking.isPending ? 'Booking…' : free ? 'Confirm Booking' : 'Proceed to Payment'}
        </Button>
      </div>
    </>
  );
}
