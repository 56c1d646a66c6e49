import { signInWithRedirect } from '@/lib/amplify-auth-flows';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { runtimeConfig } from '@/lib/config';
import { errorMessage } from '@/lib/error-message';

const PROVIDER = 'Google';

/**
 * Google is the one third-party provider enabled; without a hosted domain it cannot work, and says
 * so. `action` words it for the page: 'Sign up' on Register, 'Sign in' on Login.
 */
export function GoogleSignInButton({ action }: { action: 'Sign in' | 'Sign up' }) {
  const { oauthDomain } = runtimeConfig();
  const [connecting, setConnecting] = useState(false);

  if (!oauthDomain) {
    return (
      <Button variant="secondary" className="w-full" disabled>
        Google sign-in is not configured here
      </Button>
    );
  }
  const connect = async () => {
    setConnecting(true);
    try {
      await signInWithRedirect({ provider: PROVIDER });
    } catch (error) {
      toast.error(`${PROVIDER} Sign In Failed`, { description: errorMessage(error) });
      setConnecting(false);
    }
  };
  return (
    <Button variant="secondary" className="w-full" disabled={connecting} onClick={() => void connect()}>
      {connecting ? 'Connecting...' : `${action} with ${PROVIDER}`}
    </Button>
  );
}
