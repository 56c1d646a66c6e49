import { SETUP_ITEM_LABELS, type SetupItem } from '@functions/domain/publication';
import type { SetupChecklistView } from '@functions/schemas/coach-settings';
import { Check, Circle } from 'lucide-react';

const ITEMS = Object.keys(SETUP_ITEM_LABELS) as SetupItem[];

const listed = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** Spec section 4: profile information and availability are required, payment setup is optional. */
export function SetupChecklist({ checklist }: { checklist: SetupChecklistView }) {
  return (
    <div>
      <p className="text-sm font-semibold text-slate-900">
        {checklist.done.length} of {ITEMS.length} setup items done
      </p>
      <p className="text-xs text-slate-600">Profile information and availability are required to publish.</p>
      <ul aria-label="Setup checklist" className="mt-2 space-y-2">
        {ITEMS.map((item) => {
          const done = checklist.done.includes(item);
          const Icon = done ? Check : Circle;
          return (
            <li key={item} className="flex items-start gap-2 text-sm text-slate-800">
              <Icon
                className={done ? 'mt-0.5 h-4 w-4 text-green-700' : 'mt-0.5 h-4 w-4 text-slate-500'}
                aria-hidden="true"
              />
              <span>
                {SETUP_ITEM_LABELS[item]}
                <span className="sr-only">{done ? ' (done)' : ' (not done)'}</span>
                {item === 'profile' && checklist.missingProfileFields.length > 0 && (
                  <span className="block font-medium text-amber-900">
                    Missing: {listed(checklist.missingProfileFields)}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
