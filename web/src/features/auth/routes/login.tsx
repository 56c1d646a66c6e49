import { Link } from 'react-router';
import { AuthPage } from '../components/auth-page';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { LoginForm } from '../components/login-form';
import { OrDivider } from '../components/or-divider';

export function LoginPage() {
  return (
    <AuthPage
      title="Sign in"
      lead={
        <>
          New to Physician Mentors?{' '}
          <Link to="/register" className="font-medium text-brand-700 underline">
            Create an account
          </Link>
        </>
      }
    >
      <GoogleSignInButton action="Sign in" />
      <OrDivider />
      <LoginForm />
    </AuthPage>
  );
}
