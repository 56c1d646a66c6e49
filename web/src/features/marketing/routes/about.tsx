import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';
import { InitialsAvatar } from '../components/initials-avatar';
import { JoinBand } from '../components/join-band';
import { PageIntro } from '../components/page-intro';
import { COACH_BIO_PATH } from '../coach-bio-path';

const VALUES = [
  {
    title: 'Patient-centered care',
    text: 'Better careers make better doctors. Every conversation comes back to the patients our mentees serve.',
  },
  {
    title: 'Collaborative growth',
    text: 'Mentoring is a two-way street: mentors sharpen their own leadership by teaching it.',
  },
  {
    title: 'Professional integrity',
    text: 'Honest advice, kept confidential, from physicians who disclose their own conflicts.',
  },
  {
    title: 'Global impact',
    text: 'Physicians everywhere face the same crossroads; our mentors work across time zones and languages.',
  },
];

const FOUNDERS = [
  {
    initials: 'AO',
    name: 'Dr. Amara Okafor, MD, MBA',
    specialty: 'Internal Medicine · Hospital leadership',
    text: 'Hospitalist turned chief medical officer. Amara started Physician Mentors after a decade of informally coaching residents between shifts.',
    profile: { to: COACH_BIO_PATH, label: 'Read Amara’s mentor profile' },
  },
  {
    initials: 'RM',
    name: 'Dr. Rafael Mendes, MD',
    specialty: 'Emergency Medicine · Digital health',
    text: 'Left full-time emergency medicine to lead clinical product at a health-tech company, and still works two ED shifts a month.',
  },
  {
    initials: 'SL',
    name: 'Dr. Sarah Lindqvist, MD, PhD',
    specialty: 'Pediatrics · Academic medicine',
    text: 'Residency program director and researcher who has guided more than a hundred trainees through promotion, grants and fellowship choices.',
  },
];

export function AboutPage() {
  useDocumentTitle('About');
  useMetaDescription(
    'Physician Mentors was founded by physicians so that no doctor faces a career crossroads alone: our mission, values and story.',
  );
  return (
    <>
      <PageIntro eyebrow="About us" title="Built by physicians who needed a mentor">
        <p>
          Our mission is to make sure no physician faces a career crossroads alone: every doctor should be able to talk
          to a colleague who has already made the move they are considering.
        </p>
      </PageIntro>

      <section className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="text-2xl font-bold text-slate-900">Our values</h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-2xl border border-slate-200 p-5">
              <h3 className="font-semibold text-slate-900">{value.title}</h3>
              <p className="mt-2 text-slate-700">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 className="text-2xl font-bold text-slate-900">Our co-founders</h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {FOUNDERS.map((founder) => (
              <li key={founder.name} className="rounded-2xl bg-white p-6 shadow-sm">
                <InitialsAvatar name={founder.name} initials={founder.initials} size="md" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{founder.name}</h3>
                <p className="text-sm font-medium text-brand-700">{founder.specialty}</p>
                <p className="mt-3 text-slate-700">{founder.text}</p>
                {founder.profile && (
                  <Link
                    to={founder.profile.to}
                    className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
                  >
                    {founder.profile.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-4 py-14">
        <h2 className="text-2xl font-bold text-slate-900">Our story</h2>
        <div className="mt-4 space-y-4 text-slate-700">
          <p>
            The three of us met on a hospital quality committee, each in the middle of a career change nobody had
            trained us for. The advice that helped most came from physicians a few steps ahead of us, and finding them
            took luck and years of asking around.
          </p>
          <p>
            Physician Mentors turns that luck into a directory: physicians who have led, built, switched and published,
            available for an hour on a video call, with a clear price and honest reviews.
          </p>
        </div>
      </section>

      <JoinBand title="Join a community of physicians helping physicians">
        <ButtonLink to="/register" variant="light">
          Start Your Journey
        </ButtonLink>
        <ButtonLink to="/coaches" variant="light">
          Browse Coaches
        </ButtonLink>
      </JoinBand>
    </>
  );
}
