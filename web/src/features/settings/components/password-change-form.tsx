import * as z from '@functions/schemas/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { PasswordPairFields, passwordPairSchema, toastPasswordPairError } from '@/components/ui/password-pair-fields';
import { ApiError, api } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/** The server (Cognito) checks the current password, so the form only asks that it is given. */
const passwordChange = z.intersection(
  z.object({ currentPassword: z.string().check(z.minLength(1, 'Please enter your current password.')) }),
  passwordPairSchema("New passwords don't match."),
);
type PasswordChange = z.infer<typeof passwordChange>;

const fieldOf = (error: ApiError) => (error.details?.[0] as { field?: string } | undefined)?.field;

const EMPTY: PasswordChange = { currentPassword: '', password: '', confirmPassword: '' };

export function PasswordChangeForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChange>({ resolver: zodResolver(passwordChange), defaultValues: EMPTY });

  const submit = handleSubmit(
    async ({ currentPassword, password }) => {
      try {
        await api.post('/me/password-change', { currentPassword, password });
        reset(EMPTY);
        toast.success('Password Updated', { description: 'Your password has been changed.' });
      } catch (error) {
        if (error instanceof ApiError && fieldOf(error) === 'body.currentPassword')
          setError('currentPassword', { message: error.message });
        toast.error('Password Update Failed', { description: errorMessage(error) });
      }
    },
    (invalid) => toastPasswordPairError(invalid, { tooShort: 'Password Too Short', mismatch: 'Password Mismatch' }),
  );

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordPairFields
        password={{ registration: register('password'), error: errors.password?.message }}
        confirmation={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Updating...' : 'Update password'}
      </Button>
    </form>
  );
}
