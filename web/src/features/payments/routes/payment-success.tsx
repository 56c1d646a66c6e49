import { CheckCircle2, Hourglass } from 'lucide-react';
import { Navigate } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { LoadFailed } from '@/components/ui/load-failed';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useViewerTimeZone } from '@/lib/use-viewer-time-zone';
import { isNotFound } from '@/lib/api-client';
import { useSession } from '../api/session';
import { ResultPanel, SessionNotFound } from '../components/result-panel';
import { PaymentReturn } from '../components/payment-return';
import { PlanFacts, SessionFacts } from '../components/session-facts';
import { usePaidPlan } from '../api/plan';

const WHATS_NEXT = [
  'You will receive a confirmation e-mail with the session details and a calendar invitation.',
  'Your mentor may contact you before the session.',
  'Your session appears in your dashboard, with the meeting link.',
  'Need to reschedule? Please do so at least 24 hours ahead.',
];

const SESSION_STILL_CONFIRMING =
  'You do not need to pay again. As soon as the payment is confirmed, we e-mail you the session details and it appears in My Sessions. If it is not confirmed within 30 minutes, the time is released and you are not charged.';
const PLAN_STILL_CONFIRMING =
  'You do not need to pay again. As soon as the payment is confirmed, your plan and its sessions for this month appear in My Sessions.';

/** The provider has not confirmed the payment within the page's polling: say what happens from here. */
function StillConfirming({
  onCheckAgain,
  checking,
  whatHappens,
}: {
  onCheckAgain(): void;
  checking: boolean;
  whatHappens: string;
}) {
  return (
    <ResultPanel tone="neutral" icon={<Hourglass className="h-8 w-8" />} title="Payment Still Being Confirmed">
      <div role="status" className="space-y-3 text-slate-700">
        <p>
          The payment provider has not confirmed your payment yet. This usually takes a few seconds, sometimes longer.
        </p>
        <p>{whatHappens}</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={onCheckAgain} disabled={checking}>
          {checking ? 'Checking…' : 'Check again'}
        </Button>
        <ButtonLink to="/dashboard" variant="secondary">
          View My Sessions
        </ButtonLink>
      </div>
    </ResultPanel>
  );
}

function PaidSession({ sessionId }: { sessionId: string }) {
  const { session, stoppedWaiting } = useSession(sessionId);
  const timeZone = useViewerTimeZone();
  if (session.isPending) return <Spinner label="Loading your session..." />;
  if (session.isError) {
    if (isNotFound(session.error)) return <SessionNotFound />;
    return <LoadFailed what="your session" error={session.error} onRetry={() => void session.refetch()} />;
  }
  const view = session.data;
  if (view.status === 'pending_payment') {
    if (stoppedWaiting) {
      return (
        <StillConfirming
          onCheckAgain={() => void session.refetch()}
          checking={session.isFetching}
          whatHappens={SESSION_STILL_CONFIRMING}
        />
      );
    }
    return <Spinner label="Confirming your payment with the payment provider..." />;
  }
  if (view.status === 'cancelled') return <Navigate to={`/payment-cancelled?session_id=${view.id}`} replace />;
  return (
    <ResultPanel tone="success" icon={<CheckCircle2 className="h-8 w-8" />} title="Payment Successful!">
      <p className="mb-4 text-center text-slate-700">Your session is booked.</p>
      <SessionFacts session={view} timeZone={timeZone} />
      <h2 className="mt-6 font-semibold text-slate-900">What's next</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {WHATS_NEXT.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/dashboard">View My Sessions</ButtonLink>
        <ButtonLink to="/coaches" variant="secondary">
          Book Another Session
        </ButtonLink>
      </div>
    </ResultPanel>
  );
}

function PaidPlan({ subscriptionId }: { subscriptionId: string }) {
  const { plans, plan, stoppedWaiting } = usePaidPlan(subscriptionId);
  const timeZone = useViewerTimeZone();
  if (plans.isError) {
    return <LoadFailed what="your plan" error={plans.error} onRetry={() => void plans.refetch()} />;
  }
  if (!plan) {
    if (stoppedWaiting) {
      return (
        <StillConfirming
          onCheckAgain={() => void plans.refetch()}
          checking={plans.isFetching}
          whatHappens={PLAN_STILL_CONFIRMING}
        />
      );
    }
    return <Spinner label="Confirming your payment with the payment provider..." />;
  }
  return (
    <ResultPanel tone="success" icon={<CheckCircle2 className="h-8 w-8" />} title="Payment Successful!">
      <p className="mb-4 text-center text-slate-700">Your monthly mentorship plan is active.</p>
      <PlanFacts plan={plan} timeZone={timeZone} />
      <p className="mt-4 text-sm text-slate-700">
        Book your sessions on your mentor's page: choose "Use my plan" and no payment is asked. Cancel any time from My
        Sessions; the plan then runs until the end of the month you paid for.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to={`/coaches/${plan.coachId}`}>Book a Session</ButtonLink>
        <ButtonLink to="/dashboard" variant="secondary">
          View My Sessions
        </ButtonLink>
      </div>
    </ResultPanel>
  );
}

/** `/payment-success?session_id=…` or `?subscription_id=…`: where the payment provider sends the payer back after paying. */
export function PaymentSuccessPage() {
  return (
    <PaymentReturn title="Payment successful">
      {(paid) => (paid.kind === 'plan' ? <PaidPlan subscriptionId={paid.id} /> : <PaidSession sessionId={paid.id} />)}
    </PaymentReturn>
  );
}
