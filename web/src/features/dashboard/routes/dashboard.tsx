import { displayStatus, sectionOf } from '@functions/domain/session-display';
import type { Profile } from '@functions/schemas/profile';
import type { SessionView } from '@functions/schemas/session';
import { useCallback, useState } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMySessions, useViewerProfile } from '../api/my-sessions';
import { CancelSessionDialog } from '../components/cancel-session-dialog';
import { EarningsCard } from '../components/earnings-card';
import { RateSessionDialog } from '../components/rate-session-dialog';
import { SessionCard } from '../components/session-card';
import { useDisplayClock } from '../use-display-clock';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

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
  children,
}: {
  id: string;
  title: string;
  sessions: SessionView[];
  children(session: SessionView): React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title} <span className="text-base font-normal text-slate-600">({sessions.length})</span>
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
    </section>
  );
}

function SessionLists({ profile }: { profile: Profile }) {
  const sessions = useMySessions(true);
  const [cancelling, setCancelling] = useState<SessionView | null>(null);
  const [rating, setRating] = useState<SessionView | null>(null);
  const { refetch } = sessions;
  // A session that just ended is completed by the server on the next read.
  const reload = useCallback(() => void refetch(), [refetch]);
  const now = useDisplayClock(sessions.data, reload);
  const timeZone = profile.timezone || browserTimeZone();

  if (sessions.isPending) return <Spinner label="Loading your sessions" />;
  if (sessions.isError) {
    return <LoadFailed what="your sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />;
  }
  if (sessions.data.length === 0) {
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

  const upcoming = sessions.data.filter((s) => sectionOf(displayStatus(s, now)) === 'upcoming');
  // Past sessions read most recent first.
  const past = sessions.data.filter((s) => sectionOf(displayStatus(s, now)) === 'past').reverse();
  const card = (session: SessionView) => (
    <SessionCard session={session} now={now} timeZone={timeZone} onCancel={setCancelling} onRate={setRating} />
  );
  return (
    <div className="space-y-10">
      <SessionSection id="upcoming-sessions" title="Upcoming sessions" sessions={upcoming}>
        {card}
      </SessionSection>
      <SessionSection id="past-sessions" title="Past sessions" sessions={past}>
        {card}
      </SessionSection>
      <CancelSessionDialog session={cancelling} onClose={() => setCancelling(null)} />
      <RateSessionDialog session={rating} onClose={() => setRating(null)} />
    </div>
  );
}

function DashboardContent() {
  const profile = useViewerProfile(true);
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
        {isMentor && !profile.data.published && <PublishBanner />}
        {isMentor && profile.data.paymentAccount?.connected && <EarningsCard />}
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
        <div className="rounded-2xl border border-slate-200 bg-white p-10 text-center">
          <h1 className="text-2xl font-bold text-slate-900">My sessions</h1>
          <p className="mt-2 text-slate-700">Please log in to view your sessions.</p>
          <ButtonLink to="/login" className="mt-4">
            Log in
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
