import { AuthLinks } from './auth-links';
import { Modal } from '@/components/ui/modal';

/** Asked when a signed-out visitor picks a time; signing in comes back to that time (`returnTo`). */
export function LoginDialog({
  open,
  onOpenChange,
  returnTo,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  returnTo: string;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Login Required"
      description="Sign in or create an account to book a session with this mentor."
    >
      <AuthLinks returnTo={returnTo} />
    </Modal>
  );
}
