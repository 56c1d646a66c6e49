import { MEDICAL_SPECIALTIES } from '@functions/domain/fixed-lists';
import { NO_SPECIFIC_SPECIALTY, storedSpecialty } from '@functions/domain/specialties';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from './form-field';

const PRIMARY_CHOICES = [NO_SPECIFIC_SPECIALTY, ...MEDICAL_SPECIALTIES.filter((s) => s !== 'Other')].map((s) => ({
  value: s,
  label: s,
}));

/** The stored primary specialty as the form shows it: 'Other' is the no-specialty choice. */
export const primarySpecialtyChoice = (stored: string | null) =>
  stored === 'Other' ? NO_SPECIFIC_SPECIALTY : (stored ?? '');

/** Primary and secondary specialty; the secondary list leaves out whatever the primary is stored as. */
export function SpecialtyFields({
  primary,
  secondary,
  chosenPrimary,
  errors,
}: {
  primary: UseFormRegisterReturn;
  secondary: UseFormRegisterReturn;
  chosenPrimary: string | null | undefined;
  errors: { primary?: string; secondary?: string };
}) {
  const excluded = chosenPrimary ? storedSpecialty(chosenPrimary as typeof NO_SPECIFIC_SPECIALTY) : null;
  const secondaryChoices = MEDICAL_SPECIALTIES.filter((s) => s !== excluded).map((s) => ({ value: s, label: s }));
  return (
    <>
      <SelectField
        label="Primary specialty"
        placeholder="Select a specialty"
        choices={PRIMARY_CHOICES}
        error={errors.primary}
        {...primary}
      />
      <SelectField
        label="Secondary specialty (optional)"
        placeholder="None"
        choices={secondaryChoices}
        error={errors.secondary}
        {...secondary}
      />
    </>
  );
}
