import { ButtonLink } from '@/components/ui/button-link';
import { useDocumentTitle } from '@/lib/use-document-title';

export function CoachBioPage() {
  useDocumentTitle('Dr. Amara Okafor');
  return (
    <article className="mx-auto max-w-4xl px-4 py-14">
      <div className="flex flex-col gap-6 md:flex-row md:items-center">
        <div
          role="img"
          aria-label="Headshot placeholder for Dr. Amara Okafor"
          className="grid h-32 w-32 flex-none place-items-center rounded-full bg-brand-100 text-4xl font-bold text-brand-800"
        >
          AO
        </div>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Featured mentor</p>
          <h1 className="mt-1 text-3xl font-bold text-slate-900 md:text-4xl">Dr. Amara Okafor, MD, MBA</h1>
          <p className="mt-2 text-lg text-slate-700">Chief Medical Officer · Internal Medicine · Co-founder</p>
        </div>
      </div>
      <div className="mt-10 space-y-4 text-slate-700">
        <p>
          Amara spent eight years as a hospitalist before she was asked to chair the quality committee that nobody else
          wanted. Three promotions later she was chief medical officer of a 400-bed community hospital, still rounding
          one weekend a month.
        </p>
        <p>
          She mentors physicians taking their first formal leadership role: how to read the offer, how to lead former
          peers, how to protect clinical time, and how to say no to the committee you should not join. She also works
          with physicians weighing an MBA or MHA and whether it is worth the cost.
        </p>
      </div>
      <h2 className="mt-10 text-xl font-semibold text-slate-900">Mentoring focus</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {['Leadership Development', 'Career Transition', 'Practice Management', 'Communication Skills'].map((area) => (
          <li key={area} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
            {area}
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-wrap gap-3">
        <ButtonLink to="/coaches">Connect with a mentor</ButtonLink>
        <ButtonLink to="/register" variant="secondary">
          Create your account
        </ButtonLink>
      </div>
    </article>
  );
}
