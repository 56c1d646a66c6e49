import { deleteAccount } from '../workflows/accounts/deletion';
import { assertFreshSignIn } from '../domain/account-deletion';
import { callerSignIn } from '../http/caller';
import { httpHandler } from '../http/handler';
import { accounts } from '../runtime/ports/identity';
import { media } from '../runtime/ports/media';

/** `DELETE /api/me` → 204: the caller deletes their own account, only shortly after signing in (401 FRESH_SIGN_IN_REQUIRED). */
export const handler = httpHandler({ auth: true }, async ({ caller, event, now }) => {
  const { username, signedInAt } = callerSignIn(event);
  assertFreshSignIn(signedInAt, now);
  await deleteAccount({ accounts: accounts(), media: media() }, { userId: caller.userId, username }, now);
  return { status: 204 };
});
