import { toast } from 'sonner';
import { confirmSignUp } from '@/lib/amplify-auth-flows';
import { errorMessage } from '@/lib/error-message';

/** Confirms the account a sign-up e-mail's link names and says how it went. */
export async function confirmSignUpFromLink(email: string, code: string): Promise<void> {
  try {
    await confirmSignUp({ username: email, confirmationCode: code });
    toast.success('Email confirmed', { description: 'You can now sign in.' });
  } catch (error) {
    toast.error('Confirmation Failed', { description: errorMessage(error) });
  }
}
