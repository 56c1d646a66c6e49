import type { Profile } from '@functions/schemas/profile';
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarReauthBanner } from '@/components/ui/calendar-reauth-banner';
import { useMyCalendars } from '@/lib/my-calendars';
import { CoachingTab } from './coaching/coaching-tab';
import { usePaymentStatusPolling } from './coaching/use-payment-status-polling';
import { useServiceReturnToast } from './coaching/use-service-return-toast';
import { ProfileForm } from './profile-form';
import { SecurityTab } from './security-tab';
import { SettingsCard } from './settings-card';
import { initialTab, isSettingsTab, readSettingsQuery } from './settings-query';

const triggerClass =
  'rounded-md px-4 py-2 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm';

export function SettingsTabs({ profile }: { profile: Profile }) {
  const [params, setParams] = useSearchParams();
  const isMentor = profile.userType === 'mentor';
  const [query] = useState(() => readSettingsQuery(params));
  const [tab, setTab] = useState(() => initialTab(query, isMentor));
  usePaymentStatusPolling(isMentor && query.paymentOnboardingReturn);
  useServiceReturnToast('Zoom', isMentor ? query.zoomReturn : null, 'Your sessions will get Zoom meeting links.');
  useServiceReturnToast(
    'Calendly',
    isMentor ? query.calendlyReturn : null,
    'Times mentees pick in your Calendly can now be booked here.',
  );
  useServiceReturnToast(
    'Calendar',
    isMentor ? query.calendarReturn : null,
    'Busy times there now block your slots; choose your calendars below.',
  );
  const calendars = useMyCalendars(isMentor);

  // Spec: once read, the query parameters leave the address bar.
  useEffect(() => {
    if (params.size > 0) setParams({}, { replace: true });
  }, [params, setParams]);

  const current = tab === 'coaching' && !isMentor ? 'profile' : tab;
  return (
    <Tabs.Root value={current} onValueChange={(value) => isSettingsTab(value) && setTab(value)}>
      {calendars.data && (
        <div className="mb-6">
          <CalendarReauthBanner connections={calendars.data} withLink={false} />
        </div>
      )}
      <Tabs.List aria-label="Settings sections" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {isMentor && (
          <Tabs.Trigger value="coaching" className={triggerClass}>
            Coach settings
          </Tabs.Trigger>
        )}
        <Tabs.Trigger value="profile" className={triggerClass}>
          Profile
        </Tabs.Trigger>
        <Tabs.Trigger value="security" className={triggerClass}>
          Security & Account
        </Tabs.Trigger>
      </Tabs.List>
      {isMentor && (
        <Tabs.Content value="coaching" className="mt-6">
          <CoachingTab profile={profile} onShowProfileTab={() => setTab('profile')} />
        </Tabs.Content>
      )}
      <Tabs.Content value="profile" className="mt-6">
        <SettingsCard title="Your profile" lead="What mentors and mentees see about you.">
          <ProfileForm profile={profile} />
        </SettingsCard>
      </Tabs.Content>
      <Tabs.Content value="security" className="mt-6">
        <SecurityTab email={profile.email} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
