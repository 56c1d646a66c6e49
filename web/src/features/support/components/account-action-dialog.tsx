import { zodResolver } from '@hookform/resolvers/zod';
import { type ReasonInput, reasonInput, type UserSummary } from '@functions/schemas/support';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type AccountAction, useAccountAction } from '../api/users';
import { ActionDialog, ReasonField } from './action-dialog';

type Account = Pick<UserSummary, 'userId' | 'name' | 'email' | 'userType'>;

const nameOf = (user: Account) => user.name || user.email;

/** What each account action does, as the dialog says it before it is confirmed (issue 40, item 3). */
const ACCOUNT_ACTIONS: Record<
  AccountAction,
  { title: string; confirm: string; done: string; destructive: boolean; summary(user: Account): string }
> = {
  suspend: {
    title: 'Suspend account',
    confirm: 'Suspend account',
    done: 'Account suspended',
    destructive: true,
    summary: (user) =>
      user.userType === 'mentor'
        ? `Suspend ${nameOf(user)}: they can no longer sign in, their coach page is unpublished and cannot be booked, and their upcoming sessions are cancelled and refunded in full, with an e-mail to each mentee.`
        : `Suspend ${nameOf(user)}: they can no longer sign in, and their current sign-ins end.`,
  },
  unsuspend: {
    title: 'Unsuspend account',
    confirm: 'Unsuspend account',
    done: 'Account unsuspended',
    destructive: false,
    summary: (user) => `Let ${nameOf(user)} sign in again. Sessions cancelled by the suspension stay cancelled.`,
  },
  delete: {
    title: 'Delete account',
    confirm: 'Delete account',
    done: 'Account deleted',
    destructive: true,
    summary: (user) =>
      `Delete the account of ${nameOf(user)} (${user.email}) with the rules of their own deletion: refused while money is still held for them.`,
  },
};

export function AccountActionDialog({
  user,
  action,
  onClose,
}: {
  user: Account;
  action: AccountAction | null;
  onClose(): void;
}) {
  return action ? <AccountActionForm key={action} user={user} action={action} onClose={onClose} /> : null;
}

function AccountActionForm({ user, action, onClose }: { user: Account; action: AccountAction; onClose(): void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReasonInput>({ resolver: zodResolver(reasonInput), defaultValues: { reason: '' } });
  const act = useAccountAction();
  const shown = ACCOUNT_ACTIONS[action];
  const submit = handleSubmit(({ reason }) =>
    act.mutate(
      { userId: user.userId, action, reason },
      {
        onSuccess: () => {
          toast.success(shown.done, { description: nameOf(user) });
          onClose();
        },
      },
    ),
  );
  return (
    <ActionDialog
      onClose={onClose}
      title={shown.title}
      description={`${nameOf(user)} · ${user.email}`}
      summary={shown.summary(user)}
      confirmLabel={shown.confirm}
      destructive={shown.destructive}
      pending={act.isPending}
      error={act.error}
      onSubmit={submit}
    >
      <ReasonField registration={register('reason')} error={errors.reason?.message} />
    </ActionDialog>
  );
}
