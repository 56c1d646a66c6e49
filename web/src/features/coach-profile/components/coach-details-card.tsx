import type { CoachDisplay } from '@functions/domain/directory';
import { experienceLabel } from '@functions/domain/fixed-lists';
import type { Coach } from '@functions/schemas/coach';
import { BriefcaseMedical, Gift, Languages, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { CoachHeadshot } from '@/components/ui/coach-headshot';
import { TagList } from '@/components/ui/tag-list';
import { RatingSummary } from '@/components/ui/rating-summary';
import { VerifiedBadge } from '@/components/ui/verified-badge';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 text-sm text-slate-700">
      <span className="mt-0.5 text-slate-500">{icon}</span>
      <span>
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </div>
  );
}

export function CoachDetailsCard({ coach, display }: { coach: Coach; display: CoachDisplay }) {
  const iconClass = 'h-4 w-4';
  return (
    <section aria-labelledby="coach-name" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6">
      <div className="flex flex-col gap-5 sm:flex-row">
        <CoachHeadshot
          url={display.headshotUrl}
          userId={coach.userId}
          name={display.name}
          displaySize={128}
          priority
          className="h-32 w-32 flex-none rounded-2xl"
        />
        <div className="min-w-0 flex-1">
          <h1 id="coach-name" className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
            {display.name}
            {display.credentials && <span className="font-semibold text-slate-700">, {display.credentials}</span>}
          </h1>
          {coach.verification && <VerifiedBadge verification={coach.verification} className="mt-2" />}
          {coach.subtitle && <p className="mt-1 text-slate-700">{coach.subtitle}</p>}
          {display.specialtyLine && <p className="mt-1 font-medium text-brand-700">{display.specialtyLine}</p>}
          {display.secondaryLine && <p className="text-sm text-slate-600">{display.secondaryLine}</p>}
          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
            <span className="text-lg font-semibold text-slate-900">{display.rateLabel}</span>
            <RatingSummary
              averageRating={coach.averageRating}
              totalRatings={coach.totalRatings}
              isNewMentor={display.isNewMentor}
            />
          </div>
        </div>
      </div>
      <p className="mt-5 whitespace-pre-line text-slate-800">{display.bio}</p>
      <div className="mt-5 grid gap-2 sm:grid-cols-2">
        {coach.location && (
          <Fact icon={<MapPin className={iconClass} aria-hidden="true" />} label="Location">
            {coach.location}
          </Fact>
        )}
        {coach.experience && (
          <Fact icon={<BriefcaseMedical className={iconClass} aria-hidden="true" />} label="Experience">
            {experienceLabel(coach.experience)} of experience
          </Fact>
        )}
        <Fact icon={<Languages className={iconClass} aria-hidden="true" />} label="Languages">
          {display.languages.join(', ')}
        </Fact>
      </div>
      <h2 className="mt-5 text-sm font-semibold text-slate-900">Areas of interest</h2>
      <TagList label="Areas of interest" tags={display.areas} className="mt-2" />
      {coach.offersFreeConsult && (
        <p className="mt-5 flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          <Gift className={iconClass} aria-hidden="true" />
          Offers a free {coach.freeConsultMinutes}-minute consultation to new mentees.
        </p>
      )}
    </section>
  );
}
