import { SUPPORT_GROUP } from '../domain/support-group';
import { httpHandler } from '../http/handler';
import { accounts } from '../runtime/ports/identity';
import { userPath } from '../schemas/support';
import { supportUserPage } from '../workflows/support/users';

/** `GET /api/support/users/{id}` → the user's page (support only); the read is audited. */
export const handler = httpHandler(
  { schemas: { path: userPath }, auth: true, staff: [SUPPORT_GROUP] },
  async ({ path, caller, now }) => {
    return { status: 200, body: await supportUserPage(accounts(), path.id, caller.userId, now) };
  },
);
