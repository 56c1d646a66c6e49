import { confirmSignUp } from 'aws-amplify/auth';
import { useEffect, useRef } from 'react';
import { Outlet, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/error-message';

/**
 * The sign-up e-mail links to `/?confirm=CODE&email=…` (spec: confirmation e-mails redirect to /).
 * This layout route confirms the account wherever such a link lands, then sends the user to sign in.
 */
export function ConfirmSignUpLink() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('confirm');
  const email = params.get('email');
  // StrictMode runs effects twice; a second confirmation would fail as already confirmed.
  const started = useRef(false);

  useEffect(() => {
    if (!code || !email || started.current) return;
    started.current = true;
    confirmSignUp({ username: email, confirmationCode: code })
      .then(
        () => toast.success('Email confirmed', { description: 'You can now sign in.' }),
        (error: unknown) => toast.error('Confirmation Failed', { description: errorMessage(error) }),
      )
      .finally(() => navigate('/login', { replace: true }));
  }, [code, email, navigate]);

  return <Outlet />;
}
