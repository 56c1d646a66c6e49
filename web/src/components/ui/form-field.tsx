import clsx from 'clsx';
import { type ComponentProps, type ReactNode, useId } from 'react';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600';

/** A label, one control and its error, wired together for screen readers. */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}</div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled text input; spread react-hook-form's `register(...)` into it. */
export function TextField({
  label,
  error,
  hint,
  className,
  ...input
}: ComponentProps<'input'> & { label: string; error?: string; hint?: string }) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => <input {...control} {...input} className={clsx(inputClass, className)} />}
    </FormField>
  );
}

/** A labelled native select over a list of choices, with an empty first option. */
export function SelectField({
  label,
  error,
  hint,
  placeholder,
  choices,
  ...select
}: ComponentProps<'select'> & {
  label: string;
  error?: string;
  hint?: string;
  placeholder: string;
  choices: readonly { value: string; label: string }[];
}) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <select {...control} {...select} className={inputClass}>
          <option value="">{placeholder}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A labelled multi-line text box. */
export function TextAreaField({
  label,
  error,
  hint,
  ...textarea
}: ComponentProps<'textarea'> & { label: string; error?: string; hint?: string }) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => <textarea rows={4} {...control} {...textarea} className={inputClass} />}
    </FormField>
  );
}

/** Turns an empty number input into null, as the schemas expect. */
export const numberOrNull = (value: unknown) => (value === '' || value == null ? null : Number(value));
