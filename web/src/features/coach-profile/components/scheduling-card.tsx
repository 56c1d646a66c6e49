import type { Coach } from '@functions/schemas/coach';
import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth';
import { CalendlyEmbed } from './calendly-embed';
import { ProfileCard } from './profile-card';
import { SlotPicker } from './slot-picker';

/** A coach looking at their own page sees it as mentees do, without booking controls they cannot use. */
function OwnPageNotice() {
  return (
    <div role="note" className="rounded-xl border border-brand-100 bg-brand-50 p-4">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <Eye className="h-4 w-4" aria-hidden="true" />
        This is how mentees see your page
      </p>
      <p className="mt-1 text-sm text-slate-700">
        Mentees book your open times here. To change your times, rates or profile, go to{' '}
        <Link to="/settings?tab=coaching" className="font-semibold text-brand-800 underline">
          Coach settings
        </Link>
        .
      </p>
    </div>
  );
}

export function SchedulingCard({ coach, coachName }: { coach: Coach; coachName: string }) {
  const { user } = useAuth();
  return (
    <ProfileCard title="Schedule a Session">
      {user?.userId === coach.userId ? (
        <OwnPageNotice />
      ) : coach.calendlyUrl ? (
        <CalendlyEmbed coach={coach} coachName={coachName} />
      ) : (
        <SlotPicker coach={coach} coachName={coachName} />
      )}
    </ProfileCard>
  );
}
