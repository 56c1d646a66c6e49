import { httpHandler } from '../http/handler';
import { requireSupport } from '../http/support';
import { toSupportReportView } from '../http/views/support-report';
import { reportQuery } from '../schemas/support';
import { listReports } from '../workflows/moderation/reports';

/** `GET /api/support/reports?status=open|decided` → `{reports}`, oldest first (support only). */
export const handler = httpHandler({ schemas: { query: reportQuery }, auth: true }, async ({ query, event }) => {
  await requireSupport(event);
  const listed = await listReports(query.status ?? 'open');
  return { status: 200, body: { reports: listed.map(({ report, text }) => toSupportReportView(report, text)) } };
});
