import type { ReactNode } from 'react';

export function SettingsCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {lead && <p className="mt-1 text-sm text-slate-700">{lead}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
