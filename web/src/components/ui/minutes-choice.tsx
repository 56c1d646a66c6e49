import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';

/** A choice of session lengths as radio buttons, for a minutes field of a react-hook-form form. */
export function MinutesController<Values extends FieldValues, Parsed extends FieldValues>({
  control,
  name,
  legend,
  choices,
  unsetAs,
}: {
  control: Control<Values, unknown, Parsed>;
  name: FieldPathByValue<Values, number | null | undefined>;
  legend: string;
  choices: readonly number[];
  /** The length an unset field stands for, shown as chosen. */
  unsetAs?: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{legend}</legend>
          <div className="mt-2 flex gap-4">
            {choices.map((minutes) => (
              <label key={minutes} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={field.name}
                  value={minutes}
                  checked={(field.value ?? unsetAs) === minutes}
                  onChange={() => field.onChange(minutes)}
                  className="accent-brand-700"
                />
                {minutes} minutes
              </label>
            ))}
          </div>
        </fieldset>
      )}
    />
  );
}
