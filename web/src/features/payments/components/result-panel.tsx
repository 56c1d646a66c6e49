import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button-link';

/** The frame of both payment result pages: an icon, the title, and what follows. */
export function ResultPanel({
  tone,
  icon,
  title,
  children,
}: {
  tone: 'success' | 'neutral';
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div
          className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${
            tone === 'success' ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-100 text-slate-700'
          }`}
          aria-hidden="true"
        >
          {icon}
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-4 text-left">{children}</div>
      </div>
    </section>
  );
}

export function SessionNotFound() {
  return (
    <ResultPanel tone="neutral" icon="?" title="Session not found">
      <p className="text-center text-slate-700">
        We could not find this session in your account. Check the link, or find it in your sessions.
      </p>
      <div className="mt-6 flex justify-center">
        <ButtonLink to="/dashboard">View My Sessions</ButtonLink>
      </div>
    </ResultPanel>
  );
}
