import { useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { AuthPage } from '../components/auth-page';
import { CheckEmailNotice } from '../components/check-email-notice';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { OrDivider } from '../components/or-divider';
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  if (registeredEmail) {
    return (
      <AuthPage title="Check your email">
        <CheckEmailNotice email={registeredEmail}>
          Open the link in it to verify your account, then sign in.
        </CheckEmailNotice>
        <ButtonLink to="/login" className="mt-6 w-full">
          Go to sign in
        </ButtonLink>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title="Create your account"
      wide
      lead={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <GoogleSignInButton action="Sign up" />
      <OrDivider />
      <RegisterForm onRegistered={setRegisteredEmail} />
    </AuthPage>
  );
}
