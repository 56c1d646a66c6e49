import type { ReactNode } from 'react';

/** A titled card; one with an `id` can be scrolled to and focused (a 'Go to…' from the publish dialog). */
export function SettingsCard({
  id,
  title,
  lead,
  children,
}: {
  id?: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-labelledby={id && `${id}-title`}
      className="scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <h2 id={id && `${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {lead && <p className="mt-1 text-sm text-slate-700">{lead}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
