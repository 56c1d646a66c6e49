import type { ApiError } from '@/lib/api-client';
import { useSignInAgain } from '@/lib/auth';
import { Button } from './button';

/**
 * The API's word that two-step verification must be on (`MFA_REQUIRED`), or that this sign-in skipped
 * it (`MFA_SIGN_IN_REQUIRED`), with the one way on from each: the Security settings, or a sign-in that asks for the code.
 */
export function MfaRequiredNotice({ refusal }: { refusal: ApiError }) {
  const signInAgain = useSignInAgain();
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p>{refusal.message}</p>
      {refusal.code === 'MFA_SIGN_IN_REQUIRED' ? (
        <Button variant="secondary" className="mt-2" onClick={() => void signInAgain()}>
          Sign in again
        </Button>
      ) : (
        // A full load: the settings page opens the tab a link names.
        <a href="/settings?tab=security" className="mt-2 inline-block font-medium text-brand-700 underline">
          Go to Security settings
        </a>
      )}
    </div>
  );
}
