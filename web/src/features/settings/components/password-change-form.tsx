import * as z from '@functions/schemas/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { updatePassword } from '@/lib/amplify-auth-flows';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { PasswordPairFields, passwordPairSchema, toastPasswordPairError } from '@/components/ui/password-pair-fields';
import { errorMessage } from '@/lib/error-message';

/** Cognito checks the current password itself, so the form only asks that it is given. */
const passwordChange = z.intersection(
  z.object({ currentPassword: z.string().check(z.minLength(1, 'Please enter your current password.')) }),
  passwordPairSchema("New passwords don't match."),
);
type PasswordChange = z.infer<typeof passwordChange>;

const EMPTY: PasswordChange = { currentPassword: '', password: '', confirmPassword: '' };

export function PasswordChangeForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChange>({ resolver: zodResolver(passwordChange), defaultValues: EMPTY });

  const submit = handleSubmit(
    async ({ currentPassword, password }) => {
      try {
        await updatePassword({ oldPassword: currentPassword, newPassword: password });
        reset(EMPTY);
        toast.success('Password Updated', { description: 'Your password has been changed.' });
      } catch (error) {
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
