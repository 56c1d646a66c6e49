import * as Checkbox from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** One labelled Radix checkbox; use it through react-hook-form's Controller. */
export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <Checkbox.Root
        id={id}
        name={name}
        checked={checked}
        onCheckedChange={(state) => onCheckedChange(state === true)}
        className="mt-0.5 grid h-5 w-5 flex-none place-items-center rounded border border-slate-400 bg-white data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700"
      >
        <Checkbox.Indicator>
          <Check className="h-4 w-4 text-white" aria-hidden="true" />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}

/** Several choices from a fixed list as checkboxes, in the list's order. */
export function CheckboxGroup({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string;
  choices: readonly string[];
  value: readonly string[];
  onChange(next: string[]): void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <CheckboxField
            key={choice}
            label={choice}
            checked={value.includes(choice)}
            onCheckedChange={(checked) =>
              onChange(
                checked ? choices.filter((c) => c === choice || value.includes(c)) : value.filter((c) => c !== choice),
              )
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
