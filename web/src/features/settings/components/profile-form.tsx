import { zodResolver } from '@hookform/resolvers/zod';
import { experienceLabel, MENTOR_EXPERIENCE_CHOICES, MENTORING_AREAS } from '@functions/domain/fixed-lists';
import {
  PROFILE_TEXT_LIMITS,
  type Profile,
  type ProfileUpdate,
  type ProfileUpdateForm,
  profileUpdate,
} from '@functions/schemas/profile';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CheckboxField, CheckboxGroup } from '@/components/ui/checkbox-field';
import { numberOrNull, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { RadioCards } from '@/components/ui/radio-cards';
import { primarySpecialtyChoice, SpecialtyFields } from '@/components/ui/specialty-fields';
import { errorMessage } from '@/lib/error-message';
import { useUpdateMyProfile } from '../api/update-my-profile';
import { HeadshotEditor } from './headshot-editor';
import { LanguagePicker } from './language-picker';
import { timeZoneChoices } from './time-zone-choices';
import { fullName } from '@functions/domain/display-name';

const ACCOUNT_TYPES = [
  { value: 'mentee', label: 'Mentee', description: 'Find mentors and book sessions.' },
  { value: 'mentor', label: 'Coach', description: 'Offer sessions to other physicians.' },
] as const;

const withCurrent = (choices: readonly string[], current: string | null) =>
  current && !choices.includes(current) ? [...choices, current] : choices;

/** The sign-up choices, plus an earlier band the profile still holds, so saving never drops it. */
const experienceChoices = (current: string | null) =>
  withCurrent(MENTOR_EXPERIENCE_CHOICES, current).map((band) => ({ value: band, label: experienceLabel(band) }));

function toFormValues(profile: Profile): ProfileUpdateForm {
  return {
    userType: profile.userType,
    firstName: profile.firstName,
    lastName: profile.lastName,
    credentials: profile.credentials ?? '',
    subtitle: profile.subtitle ?? '',
    location: profile.location ?? '',
    timezone: profile.timezone,
    institution: profile.institution ?? '',
    yearOfGraduation: profile.yearOfGraduation,
    specialty: primarySpecialtyChoice(profile.specialty) as ProfileUpdateForm['specialty'],
    secondarySpecialty: (profile.secondarySpecialty ?? '') as ProfileUpdateForm['secondarySpecialty'],
    experience: profile.experience ?? '',
    areasOfInterest: profile.areasOfInterest as ProfileUpdateForm['areasOfInterest'],
    languages: profile.languages as ProfileUpdateForm['languages'],
    bio: profile.bio ?? '',
    emailNotifications: profile.emailNotifications,
  };
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const {
    register,
    control,
    watch,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileUpdateForm, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdate),
    defaultValues: toFormValues(profile),
  });
  const updateProfile = useUpdateMyProfile();
  const isCoach = watch('userType') === 'mentor';

  const submit = handleSubmit((update) =>
    updateProfile.mutate(update, {
      onSuccess: (saved) => {
        reset(toFormValues(saved));
        toast.success('Profile Updated', { description: 'Your profile has been saved.' });
      },
      onError: (error) => toast.error('Update Failed', { description: errorMessage(error) }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <RadioCards
        legend="Account type"
        choices={ACCOUNT_TYPES}
        registration={register('userType')}
        selected={watch('userType')}
        error={errors.userType?.message}
      />
      {isCoach && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Profile photo</legend>
          <div className="mt-2">
            <HeadshotEditor headshotUrl={profile.headshotUrl} name={fullName(profile)} />
          </div>
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          required
          maxLength={PROFILE_TEXT_LIMITS.name}
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          required
          maxLength={PROFILE_TEXT_LIMITS.name}
          error={errors.lastName?.message}
          {...register('lastName')}
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
          label="Location"
          maxLength={PROFILE_TEXT_LIMITS.location}
          error={errors.location?.message}
          {...register('location')}
        />
        <SelectField
          label="Time zone"
          placeholder="Select a time zone"
          choices={timeZoneChoices(profile.timezone)}
          error={errors.timezone?.message}
          {...register('timezone')}
        />
        <TextField
          label="Medical school"
          maxLength={PROFILE_TEXT_LIMITS.institution}
          error={errors.institution?.message}
          {...register('institution')}
        />
        <TextField
          label="Year of graduation"
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
        {isCoach && (
          <SelectField
            label="Years of practice"
            placeholder="Select your experience"
            choices={experienceChoices(profile.experience)}
            error={errors.experience?.message}
            {...register('experience')}
          />
        )}
      </div>
      <Controller
        control={control}
        name="areasOfInterest"
        render={({ field }) => (
          <CheckboxGroup
            legend={isCoach ? 'Areas you mentor in' : 'Areas of interest'}
            choices={MENTORING_AREAS}
            value={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name="languages"
        render={({ field }) => <LanguagePicker value={field.value ?? []} onChange={field.onChange} />}
      />
      <TextAreaField
        label="Brief bio"
        maxLength={PROFILE_TEXT_LIMITS.bio}
        error={errors.bio?.message}
        {...register('bio')}
      />
      <Controller
        control={control}
        name="emailNotifications"
        render={({ field }) => (
          <CheckboxField
            label="Send me e-mail notifications (only you see this)"
            checked={field.value === true}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <Button type="submit" disabled={updateProfile.isPending}>
        {updateProfile.isPending ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
