import { coachDisplay } from '@functions/domain/directory';
import type { Coach } from '@functions/schemas/coach';
import { CalendarCheck, Languages } from 'lucide-react';
import { planTerms } from '@functions/domain/plans';
import { ButtonLink } from '@/components/ui/button-link';
import { CoachHeadshot } from '@/components/ui/coach-headshot';
import { TagList } from '@/components/ui/tag-list';
import { RatingSummary } from '@/components/ui/rating-summary';
import { VerifiedBadge } from '@/components/ui/verified-badge';

export function CoachCard({ coach }: { coach: Coach }) {
  const display = coachDisplay(coach);
  const nameLine = display.credentials ? `${display.name}, ${display.credentials}` : display.name;
  return (
    <article className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex gap-4">
        <CoachHeadshot
          url={display.headshotUrl}
          userId={coach.userId}
          name={display.name}
          displaySize={80}
          className="h-20 w-20 flex-none rounded-full"
        />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{nameLine}</h2>
          {coach.verification && <VerifiedBadge verification={coach.verification} className="my-1" />}
          {coach.subtitle && <p className="text-sm text-slate-700">{coach.subtitle}</p>}
          {display.specialtyLine && <p className="text-sm font-medium text-brand-700">{display.specialtyLine}</p>}
          {display.secondaryLine && <p className="text-sm text-slate-600">{display.secondaryLine}</p>}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <RatingSummary
          averageRating={coach.averageRating}
          totalRatings={coach.totalRatings}
          isNewMentor={display.isNewMentor}
        />
        <span className="font-semibold text-slate-900">{display.rateLabel}</span>
      </div>
      {coach.plan && (
        <p className="mt-3 flex items-center gap-1.5 text-sm">
          <span className="inline-flex flex-none items-center gap-1 whitespace-nowrap rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
            <CalendarCheck className="h-3.5 w-3.5" aria-hidden="true" />
            Monthly plan
          </span>
          <span className="text-slate-700">{planTerms(coach.plan)}</span>
        </p>
      )}
      <p className="mt-3 line-clamp-3 text-sm text-slate-700">{display.bio}</p>
      <TagList label="Areas of interest" tags={display.areas} className="mt-3" />
      <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-600">
        <Languages className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">Languages:</span>
        {display.languages.join(', ')}
      </p>
      <ButtonLink
        to={`/coaches/${coach.userId}`}
        className="mt-5 w-full"
        aria-label={`Book Session with ${display.name}`}
      >
        Book Session
      </ButtonLink>
    </article>
  );
}
