import { displayStatus, isAbandonedCheckout, sectionOf } from '@functions/domain/session-display';
import type { Profile } from '@functions/schemas/profile';
import type { SessionView } from '@functions/schemas/session';
import { useCallback, useMemo, useState } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { LoadFailed } from '@/components/ui/load-failed';
import { SignInRequired } from '@/components/ui/sign-in-required';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { CalendarReauthBanner } from '@/components/ui/calendar-reauth-banner';
import { useMyCalendars } from '@/lib/my-calendars';
import { useMyProfile } from '@/lib/my-profile';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMySessions } from '../api/my-sessions';
import { CancelSessionDialog } from '../components/cancel-session-dialog';
import { EarningsCard } from '../components/earnings-card';
import { PlansList } from '../components/plans-list';
import { RateSessionDialog } from '../components/rate-session-dialog';
import { RescheduleSessionDialog } from '../components/reschedule-session-dialog';
import { ReportNoShowDialog } from '../components/report-no-show-dialog';
import { SessionCard } from '../components/session-card';
import { useDisplayClock } from '../use-display-clock';

function PublishBanner() {
  return (
    <section
      aria-labelledby="publish-banner-title"
      className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="publish-banner-title" className="font-semibold text-amber-950">
          Profile not published
        </h2>
        <p className="text-sm text-amber-950">Mentees cannot find or book you until your profile is published.</p>
      </div>
      <ButtonLink to="/settings?tab=coaching">Publish profile</ButtonLink>
    </section>
  );
}

function SessionSection({
  id,
  title,
  sessions,
  more,
  children,
}: {
  id: string;
  title: string;
  sessions: SessionView[];
  more: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): unknown };
  children(session: SessionView): React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {sessions.length === 0 ? (
        <p className="text-sm text-slate-700">None.</p>
      ) : (
        <ul className="space-y-4">
          {sessions.map((session) => (
            <li key={session.id}>{children(session)}</li>
          ))}
        </ul>
      )}
      {more.hasNextPage && (
        <button
          type="button"
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-40"
          disabled={more.isFetchingNextPage}
          onClick={() => void more.fetchNextPage()}
        >
          {more.isFetchingNextPage ? 'Loading...' : `Load more ${title.toLowerCase()}`}
        </button>
      )}
    </section>
  );
}

/** Checkouts left or expired, collapsed: the mentee may look them up, but they are not sessions. */
function NotCompletedBookings({
  sessions,
  children,
}: {
  sessions: SessionView[];
  children(session: SessionView): React.ReactNode;
}) {
  return (
    <details className="rounded-2xl border border-slate-200 bg-white p-5">
      <summary className="cursor-pointer font-semibold text-slate-900">
        Not completed bookings ({sessions.length})
      </summary>
      <p className="mt-2 text-sm text-slate-700">Payment was cancelled or expired, so these were never booked.</p>
      <ul className="mt-4 space-y-4">
        {sessions.map((session) => (
          <li key={session.id}>{children(session)}</li>
        ))}
      </ul>
    </details>
  );
}

const loaded = (pages: { sessions: SessionView[] }[] | undefined) => pages?.flatMap((page) => page.sessions) ?? [];

function SessionLists({ profile }: { profile: Profile }) {
  const upcomingPages = useMySessions('upcoming');
  const pastPages = useMySessions('past');
  const [cancelling, setCancelling] = useState<SessionView | null>(null);
  const [rating, setRating] = useState<SessionView | null>(null);
  const [reportingNoShow, setReportingNoShow] = useState<SessionView | null>(null);
  const [moving, setMoving] = useState<SessionView | null>(null);
  const upcomingLoaded = useMemo(() => loaded(upcomingPages.data?.pages), [upcomingPages.data]);
  const { refetch: refetchUpcoming } = upcomingPages;
  const { refetch: refetchPast } = pastPages;
  // A session that just ended moves to the past section, which the server lists by the clock.
  const reload = useCallback(() => {
    void refetchUpcoming();
    void refetchPast();
  }, [refetchUpcoming, refetchPast]);
  const now = useDisplayClock(upcomingLoaded, reload);
  const timeZone = profile.timezone;

  if (upcomingPages.isPending || pastPages.isPending) return <Spinner label="Loading your sessions" />;
  const failed = upcomingPages.error ?? pastPages.error;
  if (failed) return <LoadFailed what="your sessions" error={failed} onRetry={reload} />;
  const pastLoaded = loaded(pastPages.data?.pages);
  if (upcomingLoaded.length === 0 && pastLoaded.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <h2 className="text-xl font-semibold text-slate-900">No sessions found</h2>
        {profile.userType === 'mentee' ? (
          <>
            <p className="mt-2 text-slate-700">Book a session with a physician mentor to get started.</p>
            <ButtonLink to="/coaches" className="mt-4">
              Book Your First Session
            </ButtonLink>
          </>
        ) : (
          <p className="mt-2 text-slate-700">Sessions mentees book with you will appear here.</p>
        )}
      </div>
    );
  }

  // Until the reload lands, a session that ended a moment ago is shown at the top of the past ones.
  const isUpcoming = (s: SessionView) => sectionOf(displayStatus(s, now)) === 'upcoming';
  const justEnded = upcomingLoaded.filter((s) => !isUpcoming(s)).reverse();
  const pastAll = [...justEnded, ...pastLoaded.filter((s) => !justEnded.some((ended) => ended.id === s.id))];
  // A checkout never finished is no session: the mentee finds it set apart, the coach never sees it.
  const past = pastAll.filter((s) => !isAbandonedCheckout(s));
  const notCompleted = profile.userType === 'mentee' ? pastAll.filter(isAbandonedCheckout) : [];
  const card = (session: SessionView) => (
    <SessionCard
      session={session}
      now={now}
      timeZone={timeZone}
      onCancel={setCancelling}
      onRate={setRating}
      onReschedule={setMoving}
      onReportNoShow={setReportingNoShow}
    />
  );
  return (
    <div className="space-y-10">
      <SessionSection
        id="upcoming-sessions"
        title="Upcoming sessions"
        sessions={upcomingLoaded.filter(isUpcoming)}
        more={upcomingPages}
      >
        {card}
      </SessionSection>
      <SessionSection id="past-sessions" title="Past sessions" sessions={past} more={pastPages}>
        {card}
      </SessionSection>
      {notCompleted.length > 0 && <NotCompletedBookings sessions={notCompleted}>{card}</NotCompletedBookings>}
      <CancelSessionDialog session={cancelling} onClose={() => setCancelling(null)} />
      <RateSessionDialog session={rating} onClose={() => setRating(null)} />
      <ReportNoShowDialog session={reportingNoShow} onClose={() => setReportingNoShow(null)} />
      <RescheduleSessionDialog session={moving} timeZone={timeZone} onClose={() => setMoving(null)} />
    </div>
  );
}

function DashboardContent() {
  const profile = useMyProfile();
  const calendars = useMyCalendars(profile.data?.userType === 'mentor');
  if (profile.isPending) return <Spinner label="Loading your sessions" />;
  if (profile.isError) {
    return <LoadFailed what="your profile" error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  const isMentor = profile.data.userType === 'mentor';
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {isMentor ? 'My mentoring sessions' : 'My sessions'}
      </h1>
      <div className="mt-6 space-y-8">
        {isMentor && calendars.data && <CalendarReauthBanner connections={calendars.data} withLink />}
        {isMentor && !profile.data.published && <PublishBanner />}
        {isMentor && profile.data.paymentAccount?.connected && <EarningsCard />}
        <PlansList timeZone={profile.data.timezone} offersPlan={isMentor && Boolean(profile.data.plan?.active)} />
        <SessionLists profile={profile.data} />
      </div>
    </>
  );
}

export function DashboardPage() {
  useDocumentTitle('My Sessions');
  const { user, loading } = useAuth();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {loading ? (
        <Spinner />
      ) : user ? (
        <DashboardContent />
      ) : (
        <SignInRequired heading="My sessions" message="Please log in to view your sessions." />
      )}
    </div>
  );
}
