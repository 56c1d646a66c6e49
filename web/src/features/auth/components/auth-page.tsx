import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The centred card every account screen sits in, with the page's one h1. */
export function AuthPage({
  title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    // As tall as the main area, so a short card's background meets the footer without a white band.
    <section className="min-h-svh bg-brand-50 px-4 py-12 md:py-16">
      <div
        className={`mx-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8 ${wide ? 'max-w-3xl' : 'max-w-md'}`}
      >
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{title}</h1>
        {lead && <div className="mt-2 text-slate-700">{lead}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
