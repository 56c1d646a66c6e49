import { ArrowRight, Compass, Award, Users } from 'lucide-react';
import { Navigate } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useMyProfile } from '@/lib/my-profile';
import { useDocumentTitle } from '@/lib/use-document-title';
import { JoinBand } from '../components/join-band';
import { SignedOutOnly } from '../components/signed-out-only';

const FEATURES = [
  {
    icon: Users,
    title: 'Leadership development mentors',
    text: 'Chief medical officers, department chairs and program directors who remember their first leadership role and what they wish they had known.',
  },
  {
    icon: Compass,
    title: 'Career transition expertise',
    text: 'Physicians who moved into industry, health tech, consulting, informatics and public health, and can tell you what the move really takes.',
  },
  {
    icon: Award,
    title: 'Proven leadership success',
    text: 'Every mentor is a practising or former physician with a track record you can read before you book, and reviews from colleagues they have helped.',
  },
];

const SUPPORT_TOPICS = [
  'Preparing for your first medical director or chief role',
  'Moving into pharma, med-tech, consulting or digital health',
  'Building an academic career: promotion, research and teaching',
  'Starting or growing a private practice',
  'Preventing burnout and renegotiating your workload',
  'Negotiating contracts, compensation and non-competes',
];

export function HomePage() {
  useDocumentTitle('');
  const { user, loading } = useAuth();
  // A missing profile or a failed read only means no redirect.
  const profile = useMyProfile(Boolean(user));
  if (loading || (user && profile.isPending)) return <Spinner label="Loading" />;
  if (profile.data?.userType === 'mentor') return <Navigate to="/dashboard" replace />;

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              Physician-to-physician mentoring
            </p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">
              Find a physician mentor who has walked your path
            </h1>
            <p className="mt-5 text-lg text-slate-700">
              Book one-on-one video sessions with physicians who have led departments, built practices and moved into
              industry, so your next career step is a decision, not a guess.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <SignedOutOnly>
                <ButtonLink to="/register">Start Your Journey</ButtonLink>
              </SignedOutOnly>
              <ButtonLink to="/coaches" variant={user ? 'primary' : 'secondary'}>
                Find a Mentor
              </ButtonLink>
            </div>
          </div>
          <div className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-slate-900">What mentees work on</h2>
            <ul className="mt-4 space-y-3">
              {SUPPORT_TOPICS.map((topic) => (
                <li key={topic} className="flex gap-3 text-slate-700">
                  <ArrowRight className="mt-1 h-4 w-4 flex-none text-brand-600" aria-hidden="true" />
                  {topic}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-center text-3xl font-bold text-slate-900">Mentors who have done what you are weighing</h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <article key={title} className="rounded-2xl border border-slate-200 p-6">
              <Icon className="h-8 w-8 text-brand-600" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-700">{text}</p>
            </article>
          ))}
        </div>
        <p className="mt-10 text-center">
          <ButtonLink to="/how-it-works" variant="secondary">
            See how it works
          </ButtonLink>
        </p>
      </section>

      <JoinBand
        title="Your next career step deserves a second opinion"
        lead="Talk it through with a physician who has made the move. Many mentors offer a free first consultation."
      >
        <ButtonLink to="/register" variant="light">
          Get Started Today
        </ButtonLink>
        <ButtonLink to="/about" variant="light">
          Learn About Physician Mentors
        </ButtonLink>
      </JoinBand>
    </>
  );
}
