import type { ReactNode } from 'react';

/** The band at the top of a marketing page: its one h1 and a lead paragraph. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="bg-brand-50">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center md:py-20">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 md:text-5xl">{title}</h1>
        {children && <div className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">{children}</div>}
      </div>
    </section>
  );
}
