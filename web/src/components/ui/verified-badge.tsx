import { BADGE_LABEL, badgeDetail } from '@functions/domain/npi';
import type { CoachVerification } from '@functions/schemas/coach';
import clsx from 'clsx';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';

/**
 * "NPI verified", with exactly what was checked shown on hover, on keyboard focus and on a tap
 * (touch has no hover). The detail is always in the page as the button's description, so a screen
 * reader hears it and a page rendered on the server carries it.
 */
export function VerifiedBadge({ verification, className }: { verification: CoachVerification; className?: string }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <span className={clsx('relative inline-flex', className)}>
      <button
        type="button"
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        aria-describedby={detailId}
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="inline-flex items-center gap-1 rounded-full border border-emerald-200 bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      >
        <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
        {BADGE_LABEL}
      </button>
      <span
        id={detailId}
        role="tooltip"
        className={
          open
            ? 'absolute top-full left-0 z-20 mt-2 w-72 max-w-[calc(100vw-3rem)] rounded-lg bg-slate-900 px-3 py-2 text-xs font-normal leading-relaxed text-white shadow-lg'
            : 'sr-only'
        }
      >
        {badgeDetail(verification)}
      </span>
    </span>
  );
}
