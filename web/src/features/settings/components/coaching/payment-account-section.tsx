import { paymentAccountState } from '@functions/domain/payment-account';
import type { Profile } from '@functions/schemas/profile';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { MfaRequiredNotice } from '@/components/ui/mfa-required-notice';
import { type ApiError, isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { requestPaymentAccountLink } from '../../api/payment-account';
import { openInNewTab } from '@/lib/open-in-new-tab';
import { queryKeys } from '@/lib/query-keys';
import { usePaymentStatusOnReturn } from './use-payment-status-on-return';

/** The three displays of spec section 2, each with the one action that moves it on. */
export function PaymentAccountSection({ paymentAccount }: { paymentAccount: Profile['paymentAccount'] }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  /** The API's word that two-step verification must be on, or that this sign-in skipped it (403). */
  const [mfaRequired, setMfaRequired] = useState<ApiError | null>(null);
  const state = paymentAccountState(paymentAccount);
  usePaymentStatusOnReturn(state === 'incomplete');

  const failed = (title: string, error: unknown) => {
    if (isApiError(error, 'MFA_REQUIRED', 'MFA_SIGN_IN_REQUIRED')) setMfaRequired(error);
    else toast.error(title, { description: errorMessage(error) });
  };

  const startOnboarding = async () => {
    setBusy(true);
    setMfaRequired(null);
    try {
      await openInNewTab(() => requestPaymentAccountLink('create'));
      toast.success('Stripe Onboarding Started', {
        description: 'Finish the setup in the new tab, then come back here.',
      });
      // The first link creates the account: the section now reads 'Setup incomplete'.
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.profile() });
    } catch (error) {
      failed('Connection Failed', error);
    } finally {
      setBusy(false);
    }
  };

  const openDashboard = async () => {
    setBusy(true);
    setMfaRequired(null);
    try {
      await openInNewTab(() => requestPaymentAccountLink('dashboard'));
    } catch (error) {
      failed('Dashboard Access Failed', error);
    } finally {
      setBusy(false);
    }
  };

  if (state === 'not_connected') return <SetUpPaymentAccount busy={busy} onStart={() => void startOnboarding()} />;
  return (
    <div className="space-y-3">
      {state === 'complete' ? (
        <ConnectedAccount busy={busy} onOpenDashboard={() => void openDashboard()} />
      ) : (
        <IncompleteAccount busy={busy} onContinue={() => void startOnboarding()} />
      )}
      {mfaRequired && <MfaRequiredNotice refusal={mfaRequired} />}
    </div>
  );
}

function ConnectedAccount({ busy, onOpenDashboard }: { busy: boolean; onOpenDashboard(): void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="flex items-center gap-2 font-semibold text-green-800">
        <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
        Payment account connected
      </p>
      <Button variant="secondary" disabled={busy} onClick={onOpenDashboard}>
        Dashboard
      </Button>
    </div>
  );
}

function IncompleteAccount({ busy, onContinue }: { busy: boolean; onContinue(): void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="flex items-center gap-2 font-semibold text-amber-800">
          <CircleAlert className="h-5 w-5" aria-hidden="true" />
          Setup incomplete
        </p>
        <p className="text-sm text-slate-700">Finish your payment account to receive payments for sessions.</p>
      </div>
      <Button disabled={busy} onClick={onContinue}>
        Complete setup
      </Button>
    </div>
  );
}

function SetUpPaymentAccount({ busy, onStart }: { busy: boolean; onStart(): void }) {
  return (
    <div className="space-y-2">
      <Button disabled={busy} onClick={onStart}>
        Set up payment account
      </Button>
      <p className="text-sm text-slate-700">
        You will be redirected to Stripe, our card payment provider, to verify your identity and bank account.
      </p>
    </div>
  );
}
