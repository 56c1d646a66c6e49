import { resendSignUpCode } from '@/lib/amplify-auth-flows';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';

/** Offered when a sign-in fails because the e-mail was never confirmed. */
export function ResendConfirmation({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await resendSignUpCode({ username: email });
      toast.success('Email sent!', { description: 'Check your email for a new confirmation link.' });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    } finally {
      setSending(false);
    }
  };
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <p>Your e-mail address is not confirmed yet. Open the link we sent you, or ask for a new one.</p>
      <Button variant="secondary" className="mt-3" disabled={sending} onClick={() => void resend()}>
        {sending ? 'Sending...' : 'Resend confirmation e-mail'}
      </Button>
    </div>
  );
}
