import type { Coach } from '@functions/schemas/coach';
import type { SubscriptionView } from '@functions/schemas/plans';
import { DateTime } from 'luxon';
import { CalendarX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { useMyPlanWith } from '@/lib/my-subscriptions';
import { useCoachSlots } from '@/lib/coach-slots';
import { useFreeConsultationEligibility } from '../api/get-free-consultation-eligibility';
import { useViewerTimeZone } from '@/lib/use-viewer-time-zone';
import { DEFAULT_SESSION_OPTION, type SessionOption, sessionOptions } from '../session-options';
import { LoadedSlots, SlotCalendar } from '@/components/slots/slot-calendar';
import type { Slot } from '@/components/slots/slot-days';
import { ConfirmBookingDialog } from './confirm-booking-dialog';
import { LoginDialog } from './login-dialog';
import { LoginRequiredPanel } from './login-required-panel';
import { SessionLengthChoice } from './session-length-choice';

/**
 * Signed out, the free consultation is shown whenever the coach offers it; signed in, only while
 * unused. A mentee's plan with this coach is offered while it has a session left this month.
 */
function useSessionOptions(coach: Coach) {
  const { user } = useAuth();
  const eligibility = useFreeConsultationEligibility(coach.userId, Boolean(user) && coach.offersFreeConsult);
  const plan = useMyPlanWith(coach.userId, Boolean(user) && user?.userId !== coach.userId);
  return { options: sessionOptions(coach, user ? eligibility.data === true : true, plan), plan };
}

/** Why a mentee's plan is not offered: its payment failed, or this month's sessions are used. */
function PlanNotBookable({ plan, timeZone }: { plan: SubscriptionView; timeZone: string }) {
  if (plan.status === 'active' && plan.creditsLeft > 0) return null;
  const renews =
    plan.currentPeriodEnd && DateTime.fromISO(plan.currentPeriodEnd, { zone: timeZone }).toFormat('LLLL d');
  return (
    <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {plan.status === 'past_due'
        ? "Your plan's last payment failed, so it cannot be used to book until your card is updated. The link to update it is in the e-mail we sent you."
        : `You have used this month's ${plan.sessionsPerMonth} sessions of your plan.${renews && !plan.cancelAtPeriodEnd ? ` New ones come on ${renews}.` : ''}`}
    </p>
  );
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
  const { options, plan } = useSessionOptions(coach);
  const [chosenId, setChosenId] = useState(() => params.get(LENGTH_PARAMETER) ?? DEFAULT_SESSION_OPTION.id);
  const option = options.find((candidate) => candidate.id === chosenId) ?? options[0]!;
  const slots = useCoachSlots(coach.userId, option.minutes, option.isFreeConsultation ? 'free' : 'paid');
  const [pickedSlot, setPickedSlot] = useState<Slot | null>(null);
  useTimePickedBeforeSignIn(slots.data, Boolean(user), setPickedSlot);

  return (
    <div className="space-y-6">
      {!user && <LoginRequiredPanel />}
      <SessionLengthChoice options={options} chosen={option} onChoose={(next) => setChosenId(next.id)} />
      {plan && <PlanNotBookable plan={plan} timeZone={timeZone} />}
      <LoadedSlots
        slots={slots}
        empty={
          <div className="rounded-lg bg-slate-50 px-4 py-8 text-center">
            <CalendarX className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />
            <p className="mt-2 font-semibold text-slate-900">Coach Availability Not Set</p>
            <p className="text-sm text-slate-700">This mentor has no open times in the next 30 days.</p>
          </div>
        }
      >
        {(open) => <SlotCalendar key={option.id} slots={open} timeZone={timeZone} onPick={setPickedSlot} />}
      </LoadedSlots>
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
