import type { AccountState } from '@functions/schemas/support';
import clsx from 'clsx';

const STATE_STYLES: Record<AccountState, string> = {
  active: 'bg-green-100 text-green-900',
  suspended: 'bg-amber-100 text-amber-950',
  deleted: 'bg-slate-200 text-slate-900',
};

/** Active, suspended or deleted, in words (the colour only repeats them). */
export function AccountStateBadge({ state }: { state: AccountState }) {
  return (
    <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize', STATE_STYLES[state])}>
      {state}
    </span>
  );
}
