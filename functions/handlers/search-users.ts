import { SUPPORT_GROUP } from '../domain/support-group';
import { httpHandler } from '../http/handler';
import { accounts } from '../runtime/ports/identity';
import { userSearchQuery } from '../schemas/support';
import { searchUsers } from '../workflows/support/users';

/** `GET /api/support/users?q=` → `{users}`: e-mail, name or id prefix, at most 20 (support only). */
export const handler = httpHandler(
  { schemas: { query: userSearchQuery }, auth: true, staff: [SUPPORT_GROUP] },
  async ({ query }) => {
    return { status: 200, body: { users: await searchUsers(accounts(), query.q) } };
  },
);
