import { Link } from 'react-router';
import { AuthPage } from '../components/auth-page';
import { LoginForm } from '../components/login-form';

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
      <LoginForm />
    </AuthPage>
  );
}
