import { httpHandler } from '../http/handler';
import { requireSupport } from '../http/support';
import { accounts } from '../runtime/ports/identity';
import { media } from '../runtime/ports/media';
import { reasonInput, userPath } from '../schemas/support';
import { deleteUserBySupport } from '../workflows/support/delete-user';

/** `POST /api/support/users/{id}/delete {reason}` → 204: support deletes the account (support only; 409 MONEY_HELD). */
export const handler = httpHandler(
  { schemas: { path: userPath, body: reasonInput }, auth: true },
  async ({ path, body, caller, event, now }) => {
    await requireSupport(event);
    await deleteUserBySupport(
      { accounts: accounts(), media: media() },
      path.id,
      { staffId: caller.userId, reason: body.reason },
      now,
    );
    return { status: 204 };
  },
);
