import { AuthLinks } from './auth-links';
import { Modal } from '@/components/ui/modal';

export function LoginDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Login Required"
      description="Sign in or create an account to book a session with this mentor."
    >
      <AuthLinks />
    </Modal>
  );
}
