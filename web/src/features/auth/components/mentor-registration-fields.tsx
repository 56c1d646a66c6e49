import { PROFILE_TEXT_LIMITS, type RegistrationForm } from '@functions/schemas/profile';
import { useFormContext } from 'react-hook-form';
import {
  BioField,
  CredentialsFields,
  LocationField,
  MentoringAreasField,
  PracticeFields,
} from '@/components/profile/mentor-fields';
import { numberOrNull, TextField } from '@/components/ui/form-field';

/** What a mentor tells mentees at sign-up; mounted only while Coach is chosen, so a mentee sends none of it. */
export function MentorRegistrationFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<RegistrationForm>();
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">About your practice</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <LocationField placeholder="Boston, MA" />
        <CredentialsFields />
        <TextField
          label="LinkedIn or website"
          type="url"
          inputMode="url"
          maxLength={PROFILE_TEXT_LIMITS.linkedinWebsite}
          error={errors.linkedinWebsite?.message}
          {...register('linkedinWebsite')}
        />
        <PracticeFields graduationYearLabel="Graduation year" experience={{ label: 'Practice experience' }} />
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
      <MentoringAreasField legend="Areas you mentor in" />
      <BioField label="Bio" />
    </fieldset>
  );
}
