import { auditEntry } from '../../domain/audit';
import { DomainError } from '../../domain/errors';
import type { AccountDirectory } from '../../domain/ports';
import { deleteAccount, type DeletionServices } from '../accounts/deletion';

/**
 * `POST /api/support/users/{id}/delete {reason}`: the account deletion of `DELETE /api/me`
 * (workflows/accounts/deletion.ts: 409 MONEY_HELD while the account holds money or mentees), done
 * by support for the person, and audited (`delete_user`). 404 when no account has this id (any more).
 */
export async function deleteUserBySupport(
  services: DeletionServices & { accounts: Pick<AccountDirectory, 'deleteAccount' | 'accountOfUser'> },
  userId: string,
  staff: { staffId: string; reason: string },
  now: Date,
): Promise<void> {
  const account = await services.accounts.accountOfUser(userId);
  if (!account) throw new DomainError('NOT_FOUND', 'No account has this id: it was never made, or is deleted already.');
  const audit = auditEntry(
    {
      actor: staff.staffId,
      action: 'delete_user',
      subject: `user:${userId}`,
      reason: staff.reason,
      before: { state: account.enabled ? 'active' : 'suspended', email: account.email },
      after: { state: 'deleted' },
    },
    now,
  );
  await deleteAccount(services, { userId, username: account.username }, now, audit);
}
