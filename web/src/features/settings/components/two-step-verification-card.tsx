import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  AuthenticatorCodeField,
  authenticatorCodeError,
  useAuthenticatorCodeForm,
} from '@/components/ui/authenticator-code-field';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from '@/lib/amplify-auth-flows';
import { errorMessage } from '@/lib/error-message';
import { queryKeys } from '@/lib/query-keys';
import { useSignInMethods } from '../api/sign-in-methods';
import { SettingsCard } from './settings-card';

/** The name authenticator apps list the account under. */
const APP_NAME = 'Physician Mentors';

const useMfaPreference = () =>
  useQuery({ queryKey: queryKeys.me.mfaPreference(), queryFn: async () => await fetchMFAPreference() });

/**
 * Security settings' "Two-step verification": an authenticator app's code after the password at
 * every sign-in (Cognito TOTP). The API wants it on before a mentor opens their payout details.
 */
export function TwoStepVerificationCard({ email }: { email: string }) {
  const methods = useSignInMethods();
  const preference = useMfaPreference();
  const on = preference.data?.enabled?.includes('TOTP') ?? false;
  return (
    <SettingsCard
      id="two-step-verification"
      title="Two-step verification"
      lead="Sign in with your password and a 6-digit code from an authenticator app on your phone. Mentors need it on to open their payment dashboard or change payout details."
    >
      {preference.isError ? (
        <LoadFailed
          what="your two-step verification"
          error={preference.error}
          onRetry={() => void preference.refetch()}
        />
      ) : !preference.data || !methods.data ? (
        <Spinner label="Loading two-step verification..." />
      ) : on ? (
        <TurnOff />
      ) : methods.data.hasPassword ? (
        <SetUp email={email} />
      ) : (
        <p className="text-sm text-slate-700">
          Two-step verification adds a code to signing in with a password. Set a password above first.
        </p>
      )}
    </SettingsCard>
  );
}

function TurnOff() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const turnOff = async () => {
    setBusy(true);
    try {
      await updateMFAPreference({ totp: 'DISABLED' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.me.mfaPreference() });
      toast.success('Two-Step Verification Off', { description: 'Signing in now asks for your password only.' });
    } catch (error) {
      toast.error('Could Not Turn Off Two-Step Verification', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="flex items-center gap-2 font-semibold text-green-800">
        <ShieldCheck className="h-5 w-5 shrink-0" aria-hidden="true" />
        On: signing in asks for a code from your authenticator app.
      </p>
      <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
        Turn off
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Turn off two-step verification?"
        description="Signing in will ask for your password only, and a mentor cannot open their payment dashboard or change payout details without it."
        confirmLabel="Turn off"
        destructive
        onConfirm={() => void turnOff()}
      />
    </div>
  );
}

interface Setup {
  key: string;
  qrCode: string;
}

function SetUp({ email }: { email: string }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      const details = await setUpTOTP();
      const uri = details.getSetupUri(APP_NAME, email).toString();
      const { toDataURL } = await import('qrcode');
      setSetup({ key: details.sharedSecret, qrCode: await toDataURL(uri, { margin: 1, width: 192 }) });
    } catch (error) {
      toast.error('Could Not Start Setup', { description: errorMessage(error) });
    } finally {
      setStarting(false);
    }
  };
  if (!setup)
    return (
      <Button disabled={starting} onClick={() => void start()}>
        {starting ? 'Starting...' : 'Set up two-step verification'}
      </Button>
    );
  return <ConfirmSetup setup={setup} onCancel={() => setSetup(null)} />;
}

/** Groups of four, as authenticator apps show keys: easier to copy by eye. */
const grouped = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

function ConfirmSetup({ setup, onCancel }: { setup: Setup; onCancel(): void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAuthenticatorCodeForm();

  const submit = handleSubmit(async ({ code }) => {
    try {
      await verifyTOTPSetup({ code });
      await updateMFAPreference({ totp: 'PREFERRED' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.me.mfaPreference() });
      toast.success('Two-Step Verification On', {
        description: 'From now on, signing in asks for a code from your authenticator app.',
      });
    } catch (error) {
      const message = authenticatorCodeError(error);
      if (message) setError('code', { message }, { shouldFocus: true });
      else toast.error('Could Not Turn On Two-Step Verification', { description: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-800">
        <li>
          <p>Scan this QR code with an authenticator app, such as Google Authenticator or Microsoft Authenticator.</p>
          <img
            src={setup.qrCode}
            width={192}
            height={192}
            alt="QR code for your authenticator app (the key below holds the same)"
            className="mt-2 rounded border border-slate-200"
          />
          <p className="mt-2">Can't scan it? Enter this key in the app instead:</p>
          <p className="mt-1 break-all font-mono text-base text-slate-900" data-testid="authenticator-key">
            {grouped(setup.key)}
          </p>
        </li>
        <li>
          <p className="mb-2">Enter the 6-digit code the app shows.</p>
          <AuthenticatorCodeField error={errors.code?.message} {...register('code')} />
        </li>
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Turning on...' : 'Turn on'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
