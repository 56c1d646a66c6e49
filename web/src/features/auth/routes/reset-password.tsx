import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { useFragmentParams } from '../use-fragment-params';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  type PasswordPair,
  PasswordPairFields,
  passwordPairSchema,
  toastPasswordPairError,
} from '@/components/ui/password-pair-fields';
import { api, isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { AuthPage } from '../components/auth-page';

const resetForm = passwordPairSchema('Please make sure both passwords are the same.');

const toastInvalidLink = () =>
  toast.error('Invalid reset link', {
    id: 'invalid-reset-link',
    description: 'This password reset link is invalid or has expired.',
  });

function MissingResetLink() {
  useEffect(() => {
    toastInvalidLink();
  }, []);
  return <Navigate to="/login" replace />;
}

function ResetPasswordForm({ email, code }: { email: string; code: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordPair>({ resolver: zodResolver(resetForm), defaultValues: { password: '', confirmPassword: '' } });

  const submit = handleSubmit(
    async ({ password }) => {
      try {
        await api.post('/password-resets', { email, code, password });
        toast.success('Password updated!', { description: 'Your password has been successfully updated.' });
        navigate('/login', { replace: true });
      } catch (error) {
        if (isApiError(error, 'INVALID_RESET_LINK')) {
          toastInvalidLink();
          navigate('/login', { replace: true });
          return;
        }
        toast.error('Error', { description: errorMessage(error) });
      }
    },
    (invalid) => toastPasswordPairError(invalid, { tooShort: 'Password too short', mismatch: "Passwords don't match" }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <PasswordPairFields
        password={{ registration: register('password'), error: errors.password?.message }}
        confirmation={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Updating...' : 'Update password'}
      </Button>
    </form>
  );
}

export function ResetPasswordPage() {
  const params = useFragmentParams();
  const email = params.get('email');
  const code = params.get('code');
  if (!email || !code) return <MissingResetLink />;
  return (
    <AuthPage
      title="Choose a new password"
      lead={
        <>
          For <strong className="break-all">{email}</strong>
        </>
      }
    >
      <ResetPasswordForm email={email} code={code} />
    </AuthPage>
  );
}
