import { FINANCE_GROUP } from '../domain/finance-group';
import { SUPPORT_GROUP } from '../domain/support-group';
import { httpHandler } from '../http/handler';
import { accounts } from '../runtime/ports/identity';
import { auditQuery } from '../schemas/support';
import { auditLogPage } from '../workflows/support/audit-log';

/** `GET /api/support/audit?from&to&actor&subject&cursor` → a page of the audit log, newest first (support and finance). */
export const handler = httpHandler(
  { schemas: { query: auditQuery }, auth: true, staff: [SUPPORT_GROUP, FINANCE_GROUP] },
  async ({ query, now }) => ({ status: 200, body: await auditLogPage(query, now, accounts()) }),
);
