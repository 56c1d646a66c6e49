import { Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMyProfile } from '../api/get-my-profile';
import { SettingsTabs } from '../components/settings-tabs';

function SettingsContent() {
  const profile = useMyProfile();
  if (profile.isPending) return <Spinner label="Loading your settings" />;
  if (profile.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        <p>We could not load your profile: {errorMessage(profile.error)}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <SettingsTabs profile={profile.data} />;
}

export function SettingsPage() {
  useDocumentTitle('Settings');
  const { user, loading } = useAuth();
  if (loading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Settings</h1>
      <div className="mt-6">
        <SettingsContent />
      </div>
    </section>
  );
}
