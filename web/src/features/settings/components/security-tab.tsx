import { useAuth } from '@/lib/auth';
import { useConfig } from '@/lib/config';
import { PasswordChangeForm } from './password-change-form';
import { SettingsCard } from './settings-card';
import { hasPasswordLogin, SignInMethods } from './sign-in-methods';

export function SecurityTab({ email }: { email: string }) {
  const { user } = useAuth();
  const { supportEmail } = useConfig();
  const username = user?.username ?? '';
  return (
    <div className="space-y-6">
      <SettingsCard title="Sign-in methods" lead="The ways you can sign in to your account.">
        <SignInMethods username={username} email={email} />
      </SettingsCard>
      <SettingsCard title="Password">
        <PasswordChangeForm submitLabel={hasPasswordLogin(username) ? 'Update password' : 'Set password'} />
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
