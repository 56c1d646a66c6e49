import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

/** One console screen: its title as the page's one h1 and the document's title, a line on what it holds. */
export function ConsolePage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  useDocumentTitle(`Support: ${title}`);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {intro && <p className="mt-1 text-slate-700">{intro}</p>}
      </div>
      {children}
    </div>
  );
}

/** What a queue or list says when it has nothing in it. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
      {children}
    </p>
  );
}
