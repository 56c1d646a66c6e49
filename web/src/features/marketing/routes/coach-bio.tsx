import type { MentoringArea } from '@functions/domain/fixed-lists';
import { ButtonLink } from '@/components/ui/button-link';
import { TagList } from '@/components/ui/tag-list';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';
import { InitialsAvatar } from '../components/initials-avatar';

const MENTORING_FOCUS: MentoringArea[] = [
  'Leadership Development',
  'Career Transition',
  'Practice Management',
  'Communication Skills',
];

export function CoachBioPage() {
  useDocumentTitle('Dr. Amara Okafor');
  useMetaDescription(
    'Dr. Amara Okafor, MD, MBA: hospitalist turned chief medical officer, mentoring physicians into their first leadership roles.',
  );
  return (
    <article className="mx-auto max-w-4xl px-4 py-14">
      <div className="flex flex-col gap-6 md:flex-row md:items-center">
        <InitialsAvatar name="Dr. Amara Okafor" initials="AO" size="lg" />
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
      <TagList label="Mentoring focus" tags={MENTORING_FOCUS} className="mt-3" />
      <div className="mt-10 flex flex-wrap gap-3">
        <ButtonLink to="/coaches">Connect with a mentor</ButtonLink>
        <ButtonLink to="/register" variant="secondary">
          Create your account
        </ButtonLink>
      </div>
    </article>
  );
}
