import { coachDisplay } from '@functions/domain/directory';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isNotFound } from '@/lib/api-client';
import { useCoach } from '../api/get-coach';
import { CoachDetailsCard } from '../components/coach-details-card';
import { MessageCoachLink } from '../components/message-coach-link';
import { PlanOffer } from '../components/plan-offer';
import { useMetaDescription } from '@/lib/use-meta-description';

// The mentor's details are the page's main content; the scheduling and review cards (the slot grid,
// luxon, the booking dialog) load beside their data instead of before the details can paint.
const SchedulingCard = lazy(async () => ({
  default: (await import('../components/scheduling-card')).SchedulingCard,
}));
const ReviewsCard = lazy(async () => ({ default: (await import('../components/reviews-card')).ReviewsCard }));

export function CoachPage() {
  const { coachId = '' } = useParams();
  const navigate = useNavigate();
  const coach = useCoach(coachId);
  const display = coach.data && coachDisplay(coach.data);
  useDocumentTitle(display ? `${display.name} · Mentor` : 'Mentor');
  useMetaDescription(display && `${display.name}: ${display.bio}`.slice(0, 160));

  useEffect(() => {
    if (coach.error && !isNotFound(coach.error)) console.error('Failed to load the coach', coach.error);
  }, [coach.error]);

  if (coach.isError) return <Navigate to="/coaches" replace />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          onClick={() => navigate('/coaches')}
          className="inline-flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to coaches
        </button>
        {display && <MessageCoachLink coachId={coachId} coachName={display.name} />}
      </div>
      {coach.isPending || !display ? (
        <Spinner label="Loading coach details..." />
      ) : (
        <div className="mt-4 space-y-6">
          <CoachDetailsCard coach={coach.data} display={display} />
          {coach.data.plan && <PlanOffer coachId={coachId} plan={coach.data.plan} />}
          <Suspense fallback={<Spinner label="Loading available times..." />}>
            <SchedulingCard coach={coach.data} coachName={display.name} />
            <ReviewsCard coachId={coachId} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
