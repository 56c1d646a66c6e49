import { zodResolver } from '@hookform/resolvers/zod';
import { type Profile, type ProfileUpdate, type ProfileUpdateForm, profileUpdate } from '@functions/schemas/profile';
import { Controller, FormProvider, useForm, useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import {
  BioField,
  CredentialsFields,
  LocationField,
  MentoringAreasField,
  PracticeFields,
} from '@/components/profile/mentor-fields';
import { FIRST_NAME_FIELD, LAST_NAME_FIELD } from '@/components/profile/field-presets';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField, TextField } from '@/components/ui/form-field';
import { RadioCards } from '@/components/ui/radio-cards';
import { primarySpecialtyChoice } from '@/components/ui/specialty-fields';
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

/**
 * A child like the shared fields around it: react-hook-form focuses the first field with an error
 * in the order the fields registered, and the form's own body registers before its children.
 */
function TimeZoneField({ current }: { current: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProfileUpdateForm>();
  return (
    <SelectField
      label="Time zone"
      placeholder="Select a time zone"
      choices={timeZoneChoices(current)}
      error={errors.timezone?.message}
      {...register('timezone')}
    />
  );
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const form = useForm<ProfileUpdateForm, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdate),
    defaultValues: toFormValues(profile),
  });
  const {
    register,
    control,
    watch,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
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
    <FormProvider {...form}>
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
          <TextField {...FIRST_NAME_FIELD} error={errors.firstName?.message} {...register('firstName')} />
          <TextField {...LAST_NAME_FIELD} error={errors.lastName?.message} {...register('lastName')} />
          <CredentialsFields />
          <LocationField />
          <TimeZoneField current={profile.timezone} />
          <PracticeFields
            graduationYearLabel="Year of graduation"
            experience={isCoach ? { label: 'Years of practice', current: profile.experience } : undefined}
          />
        </div>
        <MentoringAreasField legend={isCoach ? 'Areas you mentor in' : 'Areas of interest'} />
        <Controller
          control={control}
          name="languages"
          render={({ field }) => <LanguagePicker value={field.value ?? []} onChange={field.onChange} />}
        />
        <BioField label="Brief bio" />
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
    </FormProvider>
  );
}
