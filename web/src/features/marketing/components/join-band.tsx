import type { ReactNode } from 'react';
import { SignedOutOnly } from './signed-out-only';

/** The closing call to join, on a dark band, for visitors who are not signed in. */
export function JoinBand({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <SignedOutOnly>
      <section className="bg-brand-800">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center">
          <h2 className="text-3xl font-bold text-white">{title}</h2>
          {lead && <p className="mt-3 text-lg text-brand-100">{lead}</p>}
          <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
        </div>
      </section>
    </SignedOutOnly>
  );
}
