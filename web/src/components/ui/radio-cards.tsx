import clsx from 'clsx';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A required one-of choice shown as side-by-side cards (native radios, so arrow keys work). */
export function RadioCards({
  legend,
  choices,
  registration,
  selected,
  error,
}: {
  legend: string;
  choices: readonly { value: string; label: string; description?: string }[];
  registration: UseFormRegisterReturn;
  selected: string | undefined;
  error?: string;
}) {
  return (
    <fieldset aria-invalid={Boolean(error)}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={clsx(
              'flex cursor-pointer gap-3 rounded-xl border p-4',
              selected === choice.value ? 'border-brand-700 bg-brand-50' : 'border-slate-300 hover:border-brand-600',
            )}
          >
            <input type="radio" value={choice.value} {...registration} className="mt-1 accent-brand-700" />
            <span>
              <span className="block font-semibold text-slate-900">{choice.label}</span>
              {choice.description && <span className="block text-sm text-slate-700">{choice.description}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
