import { useAuth } from '@/lib/auth';
import { runtimeConfig } from '@/lib/config';
import { PasswordChangeForm } from './password-change-form';
import { SettingsCard } from './settings-card';
import { federatedProvider, hasPasswordLogin, SignInMethods } from './sign-in-methods';

export function SecurityTab({ email }: { email: string }) {
  const { user } = useAuth();
  const { supportEmail } = runtimeConfig();
  const username = user?.username ?? '';
  return (
    <div className="space-y-6">
      <SettingsCard title="Sign-in methods" lead="The ways you can sign in to your account.">
        <SignInMethods username={username} email={email} />
      </SettingsCard>
      <SettingsCard title="Password">
        {hasPasswordLogin(username) ? (
          <PasswordChangeForm />
        ) : (
          // Cognito keeps no password for an account made through a third-party provider, and refuses
          // to reset one: asking for a 'current password' here could never succeed.
          <p className="text-sm text-slate-700">
            You sign in with {federatedProvider(username)}, so this account has no password of its own. To change how
            you sign in, change it in your {federatedProvider(username)} account.
          </p>
        )}
      </SettingsCard>
      <SettingsCard title="Delete account">
        <p className="text-sm text-slate-700">
          To delete your account and its data, e-mail{' '}
          <a
            href={`mailto:${supportEmail}?subject=${encodeURIComponent('Delete my account')}`}
            className="font-medium text-brand-700 underline"
          >
            {supportEmail}
          </a>{' '}
          from the address you signed up with.
        </p>
      </SettingsCard>
    </div>
  );
}
