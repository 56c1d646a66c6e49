import { SUPPORT_GROUP } from '../domain/support-group';
import { httpHandler } from '../http/handler';
import { accounts } from '../runtime/ports/identity';
import { media } from '../runtime/ports/media';
import { reasonInput, userPath } from '../schemas/support';
import { deleteUserBySupport } from '../workflows/support/delete-user';

/** `POST /api/support/users/{id}/delete {reason}` → 204: support deletes the account (support only; 409 MONEY_HELD). */
export const handler = httpHandler(
  { schemas: { path: userPath, body: reasonInput }, auth: true, staff: [SUPPORT_GROUP] },
  async ({ path, body, caller, now }) => {
    await deleteUserBySupport(
      { accounts: accounts(), media: media() },
      path.id,
      { staffId: caller.userId, reason: body.reason },
      now,
    );
    return { status: 204 };
  },
);
