import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  type PasswordPair,
  PasswordPairFields,
  passwordPairSchema,
  toastPasswordPairError,
} from '@/components/ui/password-pair-fields';
import { isApiError } from '@/lib/api-client';
import { useSignInAgain } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { useSetFirstPassword } from '../api/sign-in-methods';

const firstPasswordForm = passwordPairSchema("New passwords don't match.");
const EMPTY: PasswordPair = { password: '', confirmPassword: '' };

/**
 * An account made by a Google sign-in has no password to confirm: it sets its first one, which
 * the server allows only shortly after signing in.
 */
export function FirstPasswordForm() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordPair>({ resolver: zodResolver(firstPasswordForm), defaultValues: EMPTY });
  const setFirstPassword = useSetFirstPassword();
  const [needsFreshSignIn, setNeedsFreshSignIn] = useState<string | null>(null);
  const signInAgain = useSignInAgain();

  const submit = handleSubmit(
    async ({ password }) => {
      try {
        await setFirstPassword.mutateAsync({ password });
        toast.success('Password Updated', {
          description: 'Your password has been set. You can now also sign in with your e-mail and this password.',
        });
      } catch (error) {
        if (isApiError(error, 'RECENT_SIGN_IN_REQUIRED')) {
          setNeedsFreshSignIn(error.message);
        } else if (isApiError(error, 'VALIDATION_FAILED')) {
          // The server checks the same rule; its word for the field goes beside it.
          const [problem] = (error.details ?? []) as { message?: string }[];
          setError('password', { message: problem?.message ?? error.message }, { shouldFocus: true });
        } else {
          toast.error('Password Update Failed', { description: errorMessage(error) });
        }
      }
    },
    (invalid) => toastPasswordPairError(invalid, { tooShort: 'Password Too Short', mismatch: 'Password Mismatch' }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Set password" className="max-w-md space-y-4">
      <p className="text-sm text-slate-700">
        You sign in with Google. Set a password to also sign in with your e-mail address.
      </p>
      <PasswordPairFields
        password={{ registration: register('password'), error: errors.password?.message }}
        confirmation={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      {needsFreshSignIn && (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800"
        >
          <p>{needsFreshSignIn}</p>
          <Button variant="secondary" onClick={signInAgain}>
            Sign in again
          </Button>
        </div>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Setting...' : 'Set password'}
      </Button>
    </form>
  );
}
