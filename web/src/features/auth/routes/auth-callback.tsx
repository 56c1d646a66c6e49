import 'aws-amplify/auth/enable-oauth-listener';
import { getCurrentUser } from '@/lib/amplify';
import { Hub } from 'aws-amplify/utils';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { signInWithRedirect } from '@/lib/amplify-auth-flows';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { setUpMyProfile } from '../api/set-up-my-profile';
import { providerErrorText, retriesLinkedSignIn } from '../provider-error';

/** Spec section 4: a failed return shows its toast for a moment before going back to sign in. */
const FAILURE_REDIRECT_MS = 3_000;

export function AuthCallbackPage() {
  useDocumentTitle('Signing in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const settled = useRef(false);

  useEffect(() => {
    const fail = (title: string, description: string) => {
      toast.error(title, { id: 'auth-callback', description });
      setTimeout(() => navigate('/login', { replace: true }), FAILURE_REDIRECT_MS);
    };
    const succeed = async () => {
      try {
        await setUpMyProfile();
      } catch {
        toast.error('Profile Setup', { description: 'Please complete your profile.' });
        navigate('/settings?tab=profile', { replace: true });
        return;
      }
      toast.success('Welcome back!', { description: 'You have successfully signed in.' });
      navigate('/', { replace: true });
    };
    const settle = (outcome: () => void) => {
      if (settled.current) return;
      settled.current = true;
      outcome();
    };

    const providerError = params.get('error_description') ?? params.get('error');
    if (providerError) {
      settle(() =>
        retriesLinkedSignIn(providerError, sessionStorage)
          ? void signInWithRedirect({ provider: 'Google' })
          : fail('Authentication Failed', providerErrorText(providerError)),
      );
      return;
    }
    const stop = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signInWithRedirect') settle(() => void succeed());
      if (payload.event === 'signInWithRedirect_failure') {
        settle(() => fail('Authentication Error', errorMessage(payload.data?.error)));
      }
    });
    // Without a code there is no exchange to wait for: only an existing session can finish the sign-in.
    if (!params.get('code')) {
      getCurrentUser().then(
        () => settle(() => void succeed()),
        () => settle(() => fail('No session found', 'Please sign in again.')),
      );
    }
    return stop;
  }, [navigate, params]);

  return <Spinner label="Completing sign in..." />;
}
