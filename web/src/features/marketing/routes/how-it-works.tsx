import { ButtonLink } from '@/components/ui/button-link';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';
import { PageIntro } from '../components/page-intro';

const STEPS = [
  {
    title: 'Find a coach',
    text: 'Search by specialty, experience and the career question you are facing. Every profile shows the mentor’s path, rate and reviews.',
  },
  {
    title: 'Schedule a session',
    text: 'Pick a 30- or 60-minute session from the mentor’s calendar, shown in your time zone. Many mentors also offer a free first consultation of 15 or 30 minutes.',
  },
  {
    title: 'Connect and learn via video call',
    text: 'Meet one-on-one by video. Bring your CV, an offer letter or just the decision that keeps you up at night.',
  },
  {
    title: 'Track progress',
    text: 'Your sessions live in one dashboard. Book a follow-up, rate the session and keep moving toward your goal.',
  },
];

export function HowItWorksPage() {
  useDocumentTitle('How It Works');
  useMetaDescription(
    'Find a physician mentor, book a video session in your time zone, meet one-on-one and track your progress: four steps.',
  );
  return (
    <>
      <PageIntro eyebrow="Four steps" title="How It Works">
        <p>From a question about your career to a plan, in four steps.</p>
      </PageIntro>
      <section className="mx-auto max-w-4xl px-4 py-14">
        <ol className="space-y-6">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-5 rounded-2xl border border-slate-200 p-6">
              <span
                className="grid h-10 w-10 flex-none place-items-center rounded-full bg-brand-700 font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div>
                <h2 className="text-lg font-semibold text-slate-900">{step.title}</h2>
                <p className="mt-1 text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/coaches">Find a Coach</ButtonLink>
          <ButtonLink to="/register" variant="secondary">
            Create Account
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
