import { PROFILE_TEXT_LIMITS, type RegistrationForm } from '@functions/schemas/profile';
import { useFormContext } from 'react-hook-form';
import {
  BioField,
  CredentialsFields,
  LocationField,
  MentoringAreasField,
  PracticeFields,
} from '@/components/profile/mentor-fields';
import { HOURLY_RATE_FIELD } from '@/components/profile/field-presets';
import { numberOrNull, TextField } from '@/components/ui/form-field';

/**
 * Each field registers where it renders: react-hook-form focuses the first field with an error in
 * the order the fields registered, so fields written here in the fieldset's own body would take
 * the focus before the shared ones above them.
 */
const useRegistrationForm = () => useFormContext<RegistrationForm>();

function WebsiteField() {
  const {
    register,
    formState: { errors },
  } = useRegistrationForm();
  return (
    <TextField
      label="LinkedIn or website"
      type="url"
      inputMode="url"
      maxLength={PROFILE_TEXT_LIMITS.linkedinWebsite}
      error={errors.linkedinWebsite?.message}
      {...register('linkedinWebsite')}
    />
  );
}

function RateAndNpiFields() {
  const {
    register,
    formState: { errors },
  } = useRegistrationForm();
  return (
    <>
      <TextField
        {...HOURLY_RATE_FIELD}
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
    </>
  );
}

/** What a mentor tells mentees at sign-up; mounted only while Coach is chosen, so a mentee sends none of it. */
export function MentorRegistrationFields() {
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">About your practice</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <LocationField placeholder="Boston, MA" />
        <CredentialsFields />
        <WebsiteField />
        <PracticeFields graduationYearLabel="Graduation year" experience={{ label: 'Practice experience' }} />
        <RateAndNpiFields />
      </div>
      <MentoringAreasField legend="Areas you mentor in" />
      <BioField label="Bio" />
    </fieldset>
  );
}
