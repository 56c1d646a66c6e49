import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** What shows in place of the grid when there is nothing to list, with the one action that helps. */
export function DirectoryMessage({
  title,
  text,
  actionLabel,
  onAction,
}: {
  title: string;
  text: string;
  actionLabel: string;
  onAction(): void;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 px-4 py-14 text-center">
      <SearchX className="mx-auto h-10 w-10 text-slate-500" aria-hidden="true" />
      <h2 className="mt-3 text-xl font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-slate-700">{text}</p>
      <Button variant="secondary" onClick={onAction} className="mt-5">
        {actionLabel}
      </Button>
    </div>
  );
}
