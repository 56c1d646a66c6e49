import { ButtonLink } from '@/components/ui/button-link';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';
import { PageIntro } from '../components/page-intro';

export function BlogPage() {
  useDocumentTitle('Blog');
  useMetaDescription(
    'Field notes from physician mentors on leadership, non-clinical career transitions and sustainable careers in medicine.',
  );
  return (
    <>
      <PageIntro eyebrow="Insights" title="The Physician Mentors Blog">
        <p>Field notes on leadership, career transitions and sustainable careers in medicine.</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[2fr_1fr]">
        <article aria-labelledby="featured-title" className="rounded-2xl border border-slate-200 p-6 md:p-8">
          <p className="text-sm font-semibold text-brand-700">
            Featured · <time dateTime="2025-08-14">August 14, 2025</time>
          </p>
          <h2 id="featured-title" className="mt-2 text-2xl font-bold text-slate-900 md:text-3xl">
            Leaving the bedside without leaving medicine: why mentorship decides non-clinical transitions
          </h2>
          <div className="mt-6 space-y-4 text-slate-700">
            <p>
              Every year, thousands of physicians start looking at roles in pharmaceutical medical affairs, health
              technology, consulting, informatics and public health. Most of them do it alone, late at night, reading
              job descriptions written for people who have never worked a night shift.
            </p>
            <p>
              The physicians who make the move well tend to have one thing in common: someone a few years ahead who told
              them the truth. Which skills from clinical work translate directly (triage, communication under pressure,
              reading evidence), which ones need reframing on a CV, and which expectations about pace, pay and autonomy
              are simply wrong.
            </p>
            <h3 className="pt-2 text-xl font-semibold text-slate-900">What a mentor changes</h3>
            <p>
              A mentor shortens the search. Instead of applying broadly, mentees learn which roles fit their specialty:
              emergency physicians often thrive in operations and product roles, internists in medical affairs and
              quality, pathologists and radiologists in informatics and AI. Mentors also know the unwritten rules: that
              a first industry role often pays less than clinical work before it pays more, that keeping a small
              clinical commitment protects your licence and your options, and that a non-compete in your current
              contract may matter more than the offer in front of you.
            </p>
            <h3 className="pt-2 text-xl font-semibold text-slate-900">
              Three questions to bring to your first session
            </h3>
            <ol className="list-decimal space-y-2 pl-6">
              <li>What did you wish you had known in the first ninety days of your new role?</li>
              <li>
                Which of my clinical experiences would your hiring managers value, and how should I describe them?
              </li>
              <li>If you were me, what would you do in the next three months, and what would you not do?</li>
            </ol>
            <p>
              A transition is rarely a single leap. With the right mentor it becomes a sequence of small, reversible
              steps, and that is what makes it safe to take.
            </p>
          </div>
        </article>
        <aside aria-labelledby="coming-soon" className="h-fit rounded-2xl bg-brand-50 p-6">
          <h2 id="coming-soon" className="text-xl font-semibold text-slate-900">
            More Posts Coming Soon
          </h2>
          <p className="mt-2 text-slate-700">
            Our mentors are writing about contract negotiation, first leadership roles and burnout prevention. Until
            then, the quickest answer to your question is a conversation.
          </p>
          <ButtonLink to="/coaches" className="mt-4">
            Find a Mentor
          </ButtonLink>
        </aside>
      </div>
    </>
  );
}
