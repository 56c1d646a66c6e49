import { toast } from 'sonner';
import {
  AuthenticatorCodeField,
  authenticatorCodeError,
  useAuthenticatorCodeForm,
} from '@/components/ui/authenticator-code-field';
import { Button } from '@/components/ui/button';
import { confirmSignIn } from '@/lib/amplify-auth-flows';
import { errorMessage } from '@/lib/error-message';

/** A sign-in's second step (Amplify's CONFIRM_SIGN_IN_WITH_TOTP_CODE): the authenticator app's code. */
export function AuthenticatorSignInStep({ onSignedIn, onRestart }: { onSignedIn(): void; onRestart(): void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAuthenticatorCodeForm();

  const submit = handleSubmit(async ({ code }) => {
    try {
      const { isSignedIn } = await confirmSignIn({ challengeResponse: code });
      if (isSignedIn) onSignedIn();
    } catch (error) {
      const message = authenticatorCodeError(error);
      if (message) setError('code', { message }, { shouldFocus: true });
      else if ((error as { name?: string }).name === 'NotAuthorizedException') {
        // The sign-in's session lasts 3 minutes: after that, only a new sign-in helps.
        toast.error('Sign In Timed Out', { description: 'Please sign in again.' });
        onRestart();
      } else toast.error('Sign In Failed', { description: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Two-step verification</h2>
        <p className="mt-1 text-sm text-slate-700">Enter the 6-digit code from your authenticator app.</p>
      </div>
      <AuthenticatorCodeField error={errors.code?.message} {...register('code')} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Verifying...' : 'Verify'}
      </Button>
      <p className="text-center text-sm">
        <button type="button" className="font-medium text-brand-700 underline" onClick={onRestart}>
          Back to sign in
        </button>
      </p>
    </form>
  );
}
