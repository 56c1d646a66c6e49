import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { runtimeConfig } from '@/lib/config';
import { useSignInMethods } from '../api/sign-in-methods';
import { DataExportCard } from './data-export-card';
import { DeleteAccountCard } from './delete-account-card';
import { FirstPasswordForm } from './first-password-form';
import { PasswordChangeForm } from './password-change-form';
import { SettingsCard } from './settings-card';
import { SignInMethods } from './sign-in-methods';
import { TwoStepVerificationCard } from './two-step-verification-card';

export function SecurityTab({ email }: { email: string }) {
  const { supportEmail } = runtimeConfig();
  const methods = useSignInMethods();
  return (
    <div className="space-y-6">
      <SettingsCard title="Sign-in methods" lead="The ways you can sign in to your account.">
        {methods.data ? (
          <SignInMethods methods={methods.data} email={email} />
        ) : methods.isError ? (
          <LoadFailed what="your sign-in methods" error={methods.error} onRetry={() => void methods.refetch()} />
        ) : (
          <Spinner label="Loading sign-in methods..." />
        )}
      </SettingsCard>
      <SettingsCard title="Password">
        {methods.data?.hasPassword ? (
          <PasswordChangeForm />
        ) : methods.data?.canSetPassword ? (
          <FirstPasswordForm />
        ) : methods.data ? (
          // A federated user made before Google sign-ins were linked to native accounts: Cognito cannot give it a password.
          <p className="text-sm text-slate-700">
            You sign in with Google, and this account cannot hold a password of its own. To add one, e-mail{' '}
            <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 underline">
              {supportEmail}
            </a>
            .
          </p>
        ) : null}
      </SettingsCard>
      <TwoStepVerificationCard email={email} />
      <DataExportCard />
      <DeleteAccountCard email={email} hasPassword={methods.data?.hasPassword ?? true} />
    </div>
  );
}
