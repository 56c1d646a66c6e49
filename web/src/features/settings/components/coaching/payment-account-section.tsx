import { paymentAccountState } from '@functions/domain/payment-account';
import type { Profile } from '@functions/schemas/profile';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { requestPaymentAccountLink } from '../../api/payment-account';
import { openInNewTab } from '@/lib/open-in-new-tab';
import { queryKeys } from '@/lib/query-keys';
import { usePaymentStatusOnReturn } from './use-payment-status-on-return';

/** The three displays of spec section 2, each with the one action that moves it on. */
export function PaymentAccountSection({ paymentAccount }: { paymentAccount: Profile['paymentAccount'] }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const state = paymentAccountState(paymentAccount);
  usePaymentStatusOnReturn(state === 'incomplete');

  const startOnboarding = async () => {
    setBusy(true);
    try {
      await openInNewTab(() => requestPaymentAccountLink('create'));
      toast.success('Stripe Onboarding Started', {
        description: 'Finish the setup in the new tab, then come back here.',
      });
      // The first link creates the account: the section now reads 'Setup incomplete'.
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.profile() });
    } catch (error) {
      toast.error('Connection Failed', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const openDashboard = async () => {
    setBusy(true);
    try {
      await openInNewTab(() => requestPaymentAccountLink('dashboard'));
    } catch (error) {
      toast.error('Dashboard Access Failed', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  if (state === 'complete') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 font-semibold text-green-800">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
          Payment account connected
        </p>
        <Button variant="secondary" disabled={busy} onClick={() => void openDashboard()}>
          Dashboard
        </Button>
      </div>
    );
  }
  if (state === 'incomplete') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="flex items-center gap-2 font-semibold text-amber-800">
            <CircleAlert className="h-5 w-5" aria-hidden="true" />
            Setup incomplete
          </p>
          <p className="text-sm text-slate-700">Finish your payment account to receive payments for sessions.</p>
        </div>
        <Button disabled={busy} onClick={() => void startOnboarding()}>
          Complete setup
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <Button disabled={busy} onClick={() => void startOnboarding()}>
        Set up payment account
      </Button>
      <p className="text-sm text-slate-700">
        You will be redirected to Stripe, our card payment provider, to verify your identity and bank account.
      </p>
    </div>
  );
}
