import { Navigate } from 'react-router';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMyProfile } from '@/lib/my-profile';
import { SettingsTabs } from '../components/settings-tabs';

function SettingsContent() {
  const profile = useMyProfile();
  if (profile.isPending) return <Spinner label="Loading your settings" />;
  if (profile.isError) {
    return <LoadFailed what="your profile" error={profile.error} onRetry={() => void profile.refetch()} />;
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
