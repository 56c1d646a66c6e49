import { PAYMENT_EXPIRED_REASON } from '@functions/domain/session-status';
import { Clock, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { runtimeConfig } from '@/lib/config';
import { isNotFound } from '@/lib/api-client';
import { useAbandonSession } from '../api/session';
import { PaymentReturn } from '../components/payment-return';
import { ResultPanel, SessionNotFound } from '../components/result-panel';

function Actions() {
  const { supportEmail } = runtimeConfig();
  return (
    <>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/coaches">Browse Coaches</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Return Home
        </ButtonLink>
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        Questions about a payment?{' '}
        <a className="font-semibold text-brand-700 underline" href={`mailto:${supportEmail}`}>
          Contact support
        </a>
      </p>
    </>
  );
}

function LeftCheckout({ sessionId }: { sessionId: string }) {
  const abandon = useAbandonSession();
  const { mutate } = abandon;
  useEffect(() => mutate(sessionId), [mutate, sessionId]);

  if (abandon.isError) {
    if (isNotFound(abandon.error)) return <SessionNotFound />;
    return <LoadFailed what="your booking" error={abandon.error} onRetry={() => mutate(sessionId)} />;
  }
  if (!abandon.data) return <Spinner label="Updating your booking..." />;
  const session = abandon.data;
  // The payment got through after all (paid in another tab, say): show the success page instead.
  if (session.status === 'scheduled' || session.status === 'confirmed') {
    return <Navigate to={`/payment-success?session_id=${session.id}`} replace />;
  }
  if (session.cancellationReason === PAYMENT_EXPIRED_REASON) {
    return (
      <ResultPanel tone="neutral" icon={<Clock className="h-8 w-8" />} title="Payment Session Expired">
        <p className="text-center text-slate-700">
          Your payment session expired after 30 minutes, so the time was released. You have not been charged.
        </p>
        <Actions />
      </ResultPanel>
    );
  }
  return (
    <ResultPanel tone="neutral" icon={<XCircle className="h-8 w-8" />} title="Payment Cancelled">
      <p className="text-center text-slate-700">
        Your payment was cancelled and no charges were made. The time is free again for anyone to book.
      </p>
      <Actions />
    </ResultPanel>
  );
}

/** A plan's checkout left: nothing was charged and nothing else changes (an unpaid plan is never listed). */
function LeftPlanCheckout() {
  return (
    <ResultPanel tone="neutral" icon={<XCircle className="h-8 w-8" />} title="Payment Cancelled">
      <p className="text-center text-slate-700">
        Your payment was cancelled and no charges were made. You have not subscribed to the plan.
      </p>
      <Actions />
    </ResultPanel>
  );
}

/** `/payment-cancelled?session_id=…` or `?subscription_id=…`: where the payment provider sends the payer who left checkout. */
export function PaymentCancelledPage() {
  return (
    <PaymentReturn title="Payment cancelled">
      {(paid) => (paid.kind === 'plan' ? <LeftPlanCheckout /> : <LeftCheckout sessionId={paid.id} />)}
    </PaymentReturn>
  );
}
