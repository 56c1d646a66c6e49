import { useEffect, useRef } from 'react';
import { Outlet, useNavigate, useSearchParams } from 'react-router';

/**
 * The sign-up e-mail links to `/?confirm=CODE&email=…` (spec: confirmation e-mails redirect to /).
 * This layout route confirms the account wherever such a link lands, then sends the user to sign in
 * with the address already filled in.
 * It wraps every screen, so Amplify's sign-up code (and the toasts) load only when such a link is opened.
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
    import('../api/confirm-sign-up-from-link')
      .then(({ confirmSignUpFromLink }) => confirmSignUpFromLink(email, code))
      .finally(() => navigate(`/login?${new URLSearchParams({ email })}`, { replace: true }));
  }, [code, email, navigate]);

  return <Outlet />;
}
