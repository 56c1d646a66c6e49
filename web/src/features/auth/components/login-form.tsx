import * as z from '@functions/schemas/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_FLOW, signIn } from '@/lib/amplify-auth-flows';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { returnPathFrom } from '@/lib/return-path';
import { AuthenticatorSignInStep } from './authenticator-sign-in-step';
import { ResendConfirmation } from './resend-confirmation';

const credentials = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Please enter your e-mail address.')),
  password: z.string().check(z.minLength(1, 'Please enter your password.')),
});
type Credentials = z.infer<typeof credentials>;

const isUnconfirmed = (error: unknown) => error instanceof Error && error.name === 'UserNotConfirmedException';

export function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [askingForCode, setAskingForCode] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({
    resolver: zodResolver(credentials),
    // Back from a sign-up confirmation link, the address it confirmed.
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });

  const signedIn = () => {
    toast.success('Welcome back!', { description: 'You have successfully signed in.' });
    navigate(returnPathFrom(params), { replace: true });
  };

  const submit = handleSubmit(async ({ email, password }) => {
    setUnconfirmedEmail(null);
    try {
      const { nextStep } = await signIn({ username: email, password, options: { authFlowType: AUTH_FLOW } });
      if (nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        setUnconfirmedEmail(email);
        return;
      }
      if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') {
        setAskingForCode(true);
        return;
      }
      signedIn();
    } catch (error) {
      if (isUnconfirmed(error)) setUnconfirmedEmail(email);
      // Cognito does not say which of the two was wrong, so the message sits by the password, the usual culprit.
      else setError('password', { message: errorMessage(error) }, { shouldFocus: true });
      toast.error('Sign In Failed', { description: errorMessage(error) });
    }
  });

  if (askingForCode) return <AuthenticatorSignInStep onSignedIn={signedIn} onRestart={() => setAskingForCode(false)} />;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {unconfirmedEmail && <ResendConfirmation email={unconfirmedEmail} />}
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <p className="text-right text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 underline">
          Forgot your password?
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
