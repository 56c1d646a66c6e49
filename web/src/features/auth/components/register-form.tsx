import { zodResolver } from '@hookform/resolvers/zod';
import {
  PASSWORD_MIN_LENGTH,
  type Registration,
  type RegistrationForm as RegistrationFields,
  registration,
} from '@functions/schemas/profile';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FIRST_NAME_FIELD, LAST_NAME_FIELD } from '@/components/profile/field-presets';
import { TextField } from '@/components/ui/form-field';
import { RadioCards } from '@/components/ui/radio-cards';
import { errorMessage } from '@/lib/error-message';
import { browserTimeZone } from '@/lib/use-viewer-time-zone';
import { useRegisterAccount } from '../api/register-account';
import { MentorRegistrationFields } from './mentor-registration-fields';

const USER_TYPE_CHOICES = [
  { value: 'mentee', label: 'Mentee', description: 'I am looking for guidance from an experienced physician.' },
  { value: 'mentor', label: 'Coach', description: 'I want to mentor physicians and earn from my sessions.' },
] as const;

export function RegisterForm({ onRegistered }: { onRegistered(email: string): void }) {
  const form = useForm<RegistrationFields, unknown, Registration>({
    resolver: zodResolver(registration),
    // Hidden mentor fields unregister, so a mentee's sign-up carries none of them.
    shouldUnregister: true,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      agreedToTerms: false,
      emailNotifications: true,
      areasOfInterest: [],
    },
  });
  const {
    register,
    control,
    watch,
    handleSubmit,
    formState: { errors },
  } = form;
  const registerAccount = useRegisterAccount();
  const userType = watch('userType');

  const submit = handleSubmit((values) =>
    registerAccount.mutate(
      { ...values, timezone: browserTimeZone() },
      {
        onSuccess: () => {
          toast.success('Account Created!', { description: 'Please check your email to verify your account.' });
          onRegistered(values.email);
        },
        onError: (error) => toast.error('Sign Up Failed', { description: errorMessage(error) }),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <RadioCards
        legend="I want to join as"
        choices={USER_TYPE_CHOICES}
        registration={register('userType')}
        selected={userType}
        error={errors.userType?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...FIRST_NAME_FIELD} error={errors.firstName?.message} {...register('firstName')} />
        <TextField {...LAST_NAME_FIELD} error={errors.lastName?.message} {...register('lastName')} />
        <div className="sm:col-span-2">
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </div>
      {userType === 'mentor' && (
        <FormProvider {...form}>
          <MentorRegistrationFields />
        </FormProvider>
      )}
      <div className="space-y-3">
        <Controller
          control={control}
          name="emailNotifications"
          render={({ field }) => (
            <CheckboxField
              label="Send me e-mail notifications about my sessions"
              checked={field.value ?? true}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="agreedToTerms"
          render={({ field }) => (
            <CheckboxField
              label={
                <>
                  I agree to the{' '}
                  <Link to="/terms" className="font-medium text-brand-700 underline">
                    terms of service
                  </Link>
                </>
              }
              checked={field.value === true}
              onCheckedChange={field.onChange}
            />
          )}
        />
        {errors.agreedToTerms && <p className="text-sm text-red-700">{errors.agreedToTerms.message}</p>}
      </div>
      <Button type="submit" className="w-full" disabled={!watch('agreedToTerms') || registerAccount.isPending}>
        {registerAccount.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
