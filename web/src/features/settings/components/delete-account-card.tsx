import { FRESH_SIGN_IN_MINUTES } from '@functions/domain/account-deletion';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { freshSignIn } from '@/lib/fresh-sign-in';
import { signInReturningTo } from '@/lib/return-path';
import { deleteMyAccount } from '../api/delete-my-account';
import { SettingsCard } from './settings-card';

const WRONG_PASSWORD_MESSAGE = 'Incorrect password.';

/** The session ends here: the account behind it is gone, so no "signed out" notice, just the local tokens dropped. */
const dropSession = async () => (await import('@/lib/amplify')).signOut();

/**
 * Delete my account (issue 30): the person proves it is them again, by their password (a fresh sign-in
 * straight against Cognito, whose token alone is sent) or, signing in with Google only, by a sign-in
 * in the last few minutes, which the server checks either way.
 */
function DeleteAccountDialog({
  open,
  onClose,
  email,
  hasPassword,
}: {
  open: boolean;
  onClose(): void;
  email: string;
  hasPassword: boolean;
}) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [needsSignIn, setNeedsSignIn] = useState<string | null>(null);
  const [moneyHeld, setMoneyHeld] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const close = () => {
    setPassword('');
    setPasswordError(undefined);
    setNeedsSignIn(null);
    setMoneyHeld(null);
    onClose();
  };

  const freshToken = async (): Promise<string | undefined | null> => {
    if (!hasPassword) return undefined;
    if (!password) {
      setPasswordError('Please enter your password.');
      return null;
    }
    const fresh = await freshSignIn(email, password);
    if (fresh.kind === 'wrong-password') {
      setPasswordError(WRONG_PASSWORD_MESSAGE);
      return null;
    }
    // Two-step verification asks for a code too: the session's own token then, fresh if the sign-in was recent (the server decides).
    if (fresh.kind === 'needs-full-sign-in') return undefined;
    return fresh.accessToken;
  };

  const remove = async () => {
    setPasswordError(undefined);
    setMoneyHeld(null);
    setDeleting(true);
    try {
      const token = await freshToken();
      if (token === null) return;
      await deleteMyAccount(token);
      // Away from the signed-in screen first: its queries, asked again once signed out, would send the visitor to sign in.
      await navigate('/', { replace: true });
      await dropSession().catch(() => undefined);
      toast.success('Account Deleted', { description: 'Your account and its data have been deleted.' });
    } catch (error) {
      if (isApiError(error, 'FRESH_SIGN_IN_REQUIRED')) setNeedsSignIn(error.message);
      // What still holds a coach's account and until when: it stays on screen to read, not in a passing toast.
      else if (isApiError(error, 'MONEY_HELD')) setMoneyHeld(error.message);
      else toast.error('Deletion Failed', { description: errorMessage(error) });
    } finally {
      setDeleting(false);
    }
  };

  const signInAgain = async () => {
    await dropSession().catch(() => undefined);
    await navigate(signInReturningTo('/settings?tab=security'));
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Delete your account?"
      description="This cannot be undone."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void remove();
        }}
      >
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>Your profile, photo, availability and connected calendars and Zoom are removed.</li>
          <li>Your upcoming sessions are cancelled and the other person is told; paid sessions are refunded.</li>
          <li>
            As a mentor, you can delete your account once your sessions and plan months have ended and you have been
            paid for them.
          </li>
          <li>Payment records are kept for accounting, under the name "Deleted user".</li>
        </ul>
        {hasPassword ? (
          <TextField
            label="Enter your password to confirm"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={passwordError}
          />
        ) : (
          <p className="text-sm text-slate-700">
            You sign in with Google. If you signed in more than {FRESH_SIGN_IN_MINUTES} minutes ago, you will be asked
            to sign in again first.
          </p>
        )}
        {needsSignIn && (
          <div
            role="alert"
            className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800"
          >
            <p>{needsSignIn}</p>
            <Button variant="secondary" onClick={() => void signInAgain()}>
              Sign in again
            </Button>
          </div>
        )}
        {moneyHeld && (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
            {moneyHeld}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Keep my account
          </Button>
          <Button type="submit" variant="danger" disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function DeleteAccountCard({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <SettingsCard
      title="Delete account"
      lead="Delete your account and the data it holds. Your upcoming sessions are cancelled, and paid ones refunded."
    >
      <Button variant="danger" onClick={() => setOpen(true)} data-focus-key="delete-account">
        Delete my account
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} email={email} hasPassword={hasPassword} />
    </SettingsCard>
  );
}
