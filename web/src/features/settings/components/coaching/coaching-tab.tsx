import type { Profile } from '@functions/schemas/profile';
import { ExternalLink } from 'lucide-react';
import { SettingsCard } from '../settings-card';
import { AvailabilityEditor } from './availability-editor';
import { CalendarsCard } from './calendars-card';
import { COACHING_SECTIONS } from './coaching-sections';
import { PaymentAccountSection } from './payment-account-section';
import { PlanForm } from './plan-form';
import { PublishToggle } from './publish-toggle';
import { RatesForm } from './rates-form';
import { useCoachingSettingsRefresh } from './use-coaching-settings-refresh';
import { ServiceConnectSection } from './service-connect-section';
import { VerificationCard } from './verification-card';

/** Spec section 2, Coach settings tab: publication, rates, availability, own calendars, payments and meetings. */
export function CoachingTab({ profile, onShowProfileTab }: { profile: Profile; onShowProfileTab(): void }) {
  useCoachingSettingsRefresh();
  return (
    <div className="space-y-6">
      <SettingsCard title="Profile visibility" lead="Publish your profile when your setup is ready.">
        <PublishToggle profile={profile} onShowProfileTab={onShowProfileTab} />
        <a
          href={`/coaches/${profile.userId}`}
          target="_blank"
          rel="noopener"
          className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline"
        >
          View public profile
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </SettingsCard>
      <VerificationCard userId={profile.userId} />
      <SettingsCard
        id={COACHING_SECTIONS.rates}
        title="Rates"
        lead="What a session with you costs, and how mentees meet you first."
      >
        <RatesForm profile={profile} />
      </SettingsCard>
      <SettingsCard
        id={COACHING_SECTIONS.plan}
        title="Monthly plan"
        lead="A set number of sessions each month for one monthly price, billed until the mentee cancels."
      >
        <PlanForm profile={profile} />
      </SettingsCard>
      <AvailabilityEditor coachId={profile.userId} zone={profile.timezone} />
      <CalendarsCard />
      <SettingsCard
        id={COACHING_SECTIONS.payments}
        title="Payment account"
        lead="Mentees pay by card; payouts go to your bank account."
      >
        <PaymentAccountSection paymentAccount={profile.paymentAccount} />
      </SettingsCard>
      <SettingsCard title="Zoom" lead="Meeting links for your booked sessions.">
        <ServiceConnectSection
          service="zoom"
          label="Zoom"
          connected={profile.zoomConnected}
          note="Once connected, every session booked with you gets its own Zoom meeting link automatically."
        />
      </SettingsCard>
      {profile.calendlyUrl && (
        <SettingsCard title="Calendly" lead="Bookings made through your own calendar.">
          <ServiceConnectSection
            service="calendly"
            label="Calendly"
            connected={profile.calendlyConnected}
            note="Mentees book you through your Calendly page. Connect it so the times they pick there can be booked and paid for here."
          />
        </SettingsCard>
      )}
    </div>
  );
}
