import { unreadTotal } from '../data/conversations';
import { httpHandler } from '../http/handler';
import type { UnreadCount } from '../schemas/messages';

/** `GET /api/me/unread` → `{unread}`: one GetItem, as the header asks it on every page. */
export const handler = httpHandler({ auth: true }, async ({ caller }) => {
  const body: UnreadCount = { unread: await unreadTotal(caller.userId) };
  return { status: 200, body };
});
