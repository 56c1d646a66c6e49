import * as Switch from '@radix-ui/react-switch';
import { type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';

/** One labelled on/off Radix switch; Space and Enter toggle it. */
export function SwitchField({
  label,
  hint,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: ReactNode;
  hint?: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="relative mt-0.5 h-6 w-11 flex-none rounded-full bg-slate-400 transition-colors data-[state=checked]:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** A SwitchField for an on/off field of a react-hook-form form. */
export function SwitchController<Values extends FieldValues, Parsed extends FieldValues>({
  control,
  name,
  label,
  hint,
}: {
  control: Control<Values, unknown, Parsed>;
  name: FieldPathByValue<Values, boolean | undefined>;
  label: ReactNode;
  hint?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SwitchField label={label} hint={hint} checked={field.value ?? false} onCheckedChange={field.onChange} />
      )}
    />
  );
}
