import * as z from '@functions/schemas/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPassword } from '@/lib/amplify-auth-flows';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { TextField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { AuthPage } from '../components/auth-page';
import { CheckEmailNotice } from '../components/check-email-notice';

const forgotPassword = z.object({ email: z.email('Please enter a valid email address.') });
type ForgotPassword = z.infer<typeof forgotPassword>;

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPassword>({ resolver: zodResolver(forgotPassword), defaultValues: { email: '' } });

  const submit = handleSubmit(async ({ email }) => {
    try {
      await resetPassword({ username: email });
      toast.success('Email sent!', { description: 'Check your email for a password reset link.' });
      setSentTo(email);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'An unexpected error occurred. Please try again.') });
    }
  });

  if (sentTo) {
    return (
      <AuthPage title="Check Your Email">
        <CheckEmailNotice email={sentTo}>Open the link in it to choose a new password.</CheckEmailNotice>
        <div className="mt-6 flex flex-col gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              reset({ email: '' });
              setSentTo(null);
            }}
          >
            Send another email
          </Button>
          <ButtonLink to="/login">Back to login</ButtonLink>
        </div>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Forgot your password?" lead="Enter your e-mail and we will send you a link to choose a new one.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
        <p className="text-center text-sm">
          <ButtonLink to="/login" variant="secondary" className="w-full">
            Back to login
          </ButtonLink>
        </p>
      </form>
    </AuthPage>
  );
}
