import { experienceLabel, MENTOR_EXPERIENCE_CHOICES, MENTORING_AREAS } from '@functions/domain/fixed-lists';
import { PROFILE_TEXT_LIMITS, type ProfileUpdateForm } from '@functions/schemas/profile';
import { Controller, useFormContext } from 'react-hook-form';
import { CheckboxGroup } from '@/components/ui/checkbox-field';
import { numberOrNull, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { SpecialtyFields } from '@/components/ui/specialty-fields';

/**
 * The mentor fields the Register form and the settings Profile form share, each read from the
 * form around it (react-hook-form's FormProvider), checked by that form's schema in
 * functions/schemas/profile. The spec words some labels differently on the two forms (sections 5
 * and 6), so those come from the form; the forms also order them differently.
 */
type MentorFieldValues = Pick<
  ProfileUpdateForm,
  | 'credentials'
  | 'subtitle'
  | 'location'
  | 'institution'
  | 'yearOfGraduation'
  | 'specialty'
  | 'secondarySpecialty'
  | 'experience'
  | 'areasOfInterest'
  | 'bio'
>;

const useMentorForm = () => useFormContext<MentorFieldValues>();

export function LocationField({ placeholder }: { placeholder?: string }) {
  const {
    register,
    formState: { errors },
  } = useMentorForm();
  return (
    <TextField
      label="Location"
      placeholder={placeholder}
      maxLength={PROFILE_TEXT_LIMITS.location}
      error={errors.location?.message}
      {...register('location')}
    />
  );
}

/** Credentials and subtitle, side by side on a wide screen. */
export function CredentialsFields() {
  const {
    register,
    formState: { errors },
  } = useMentorForm();
  return (
    <>
      <TextField
        label="Credentials"
        placeholder="MD, MBA"
        maxLength={PROFILE_TEXT_LIMITS.credentials}
        error={errors.credentials?.message}
        {...register('credentials')}
      />
      <TextField
        label="Subtitle (job title and company)"
        maxLength={PROFILE_TEXT_LIMITS.subtitle}
        error={errors.subtitle?.message}
        {...register('subtitle')}
      />
    </>
  );
}

/** The sign-up choices, plus an earlier band a profile still holds, so saving never drops it. */
function experienceChoices(current: string | null) {
  const bands: readonly string[] = MENTOR_EXPERIENCE_CHOICES;
  return (current && !bands.includes(current) ? [...bands, current] : bands).map((band) => ({
    value: band,
    label: experienceLabel(band),
  }));
}

interface ExperienceSelect {
  label: string;
  /** The band the profile holds now, if any. */
  current?: string | null;
}

/** Medical school, graduation year, specialties and, where the form asks for it, practice experience. */
export function PracticeFields({
  graduationYearLabel,
  experience,
}: {
  graduationYearLabel: string;
  experience?: ExperienceSelect;
}) {
  const {
    register,
    watch,
    formState: { errors },
  } = useMentorForm();
  return (
    <>
      <TextField
        label="Medical school"
        maxLength={PROFILE_TEXT_LIMITS.institution}
        error={errors.institution?.message}
        {...register('institution')}
      />
      <TextField
        label={graduationYearLabel}
        type="number"
        inputMode="numeric"
        error={errors.yearOfGraduation?.message}
        {...register('yearOfGraduation', { setValueAs: numberOrNull })}
      />
      <SpecialtyFields
        primary={register('specialty')}
        secondary={register('secondarySpecialty')}
        chosenPrimary={watch('specialty')}
        errors={{ primary: errors.specialty?.message, secondary: errors.secondarySpecialty?.message }}
      />
      {experience && (
        <SelectField
          label={experience.label}
          placeholder="Select your experience"
          choices={experienceChoices(experience.current ?? null)}
          error={errors.experience?.message}
          {...register('experience')}
        />
      )}
    </>
  );
}

export function MentoringAreasField({ legend }: { legend: string }) {
  return (
    <Controller
      control={useMentorForm().control}
      name="areasOfInterest"
      render={({ field }) => (
        <CheckboxGroup legend={legend} choices={MENTORING_AREAS} value={field.value ?? []} onChange={field.onChange} />
      )}
    />
  );
}

export function BioField({ label }: { label: string }) {
  const {
    register,
    formState: { errors },
  } = useMentorForm();
  return (
    <TextAreaField label={label} maxLength={PROFILE_TEXT_LIMITS.bio} error={errors.bio?.message} {...register('bio')} />
  );
}
