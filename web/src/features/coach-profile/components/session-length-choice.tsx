import clsx from 'clsx';
import type { SessionOption } from '../session-options';

const choiceClass = (chosen: boolean) =>
  clsx(
    'rounded-lg border px-4 py-2 text-sm font-semibold transition-colors',
    chosen ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  );

export function SessionLengthChoice({
  options,
  chosen,
  onChoose,
}: {
  options: readonly SessionOption[];
  chosen: SessionOption;
  onChoose(option: SessionOption): void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">Session duration</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option.id}
            type="button"
            aria-pressed={option.id === chosen.id}
            onClick={() => onChoose(option)}
            className={choiceClass(option.id === chosen.id)}
          >
            {option.label}
            {option.isFreeConsultation && (
              <span className="ml-1.5 font-normal">
                ({option.minutes} min){' '}
                <span
                  className={clsx(
                    'ml-1 rounded-full px-2 py-0.5 text-xs',
                    option.id === chosen.id ? 'bg-white text-brand-800' : 'bg-emerald-50 text-emerald-800',
                  )}
                >
                  One-time
                </span>
              </span>
            )}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
