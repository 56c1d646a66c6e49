import { experienceLabel, MENTOR_EXPERIENCE_CHOICES, MENTORING_AREAS } from '@functions/domain/fixed-lists';
import { PROFILE_TEXT_LIMITS, type Registration, type RegistrationForm } from '@functions/schemas/profile';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CheckboxGroup } from '@/components/ui/checkbox-field';
import { numberOrNull, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { SpecialtyFields } from '@/components/ui/specialty-fields';

const EXPERIENCE_CHOICES = MENTOR_EXPERIENCE_CHOICES.map((c) => ({ value: c, label: experienceLabel(c) }));

/** What a mentor tells mentees at sign-up; mounted only while Coach is chosen, so a mentee sends none of it. */
export function MentorRegistrationFields({ form }: { form: UseFormReturn<RegistrationForm, unknown, Registration> }) {
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">About your practice</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Location"
          placeholder="Boston, MA"
          maxLength={PROFILE_TEXT_LIMITS.location}
          error={errors.location?.message}
          {...register('location')}
        />
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
        <TextField
          label="LinkedIn or website"
          type="url"
          inputMode="url"
          maxLength={PROFILE_TEXT_LIMITS.linkedinWebsite}
          error={errors.linkedinWebsite?.message}
          {...register('linkedinWebsite')}
        />
        <TextField
          label="Medical school"
          maxLength={PROFILE_TEXT_LIMITS.institution}
          error={errors.institution?.message}
          {...register('institution')}
        />
        <TextField
          label="Graduation year"
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
        <SelectField
          label="Practice experience"
          placeholder="Select your experience"
          choices={EXPERIENCE_CHOICES}
          error={errors.experience?.message}
          {...register('experience')}
        />
        <TextField
          label="Hourly rate (USD)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          error={errors.hourlyRate?.message}
          {...register('hourlyRate', { setValueAs: numberOrNull })}
        />
        <TextField
          label="NPI (National Provider Identifier, optional)"
          inputMode="numeric"
          autoComplete="off"
          hint={
            '10 digits, checked against the NPPES NPI Registry after sign-up for the "NPI verified" badge. Never shown on your profile.'
          }
          error={errors.npi?.message}
          {...register('npi')}
        />
      </div>
      <Controller
        control={control}
        name="areasOfInterest"
        render={({ field }) => (
          <CheckboxGroup
            legend="Areas you mentor in"
            choices={MENTORING_AREAS}
            value={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <TextAreaField label="Bio" maxLength={PROFILE_TEXT_LIMITS.bio} error={errors.bio?.message} {...register('bio')} />
    </fieldset>
  );
}
