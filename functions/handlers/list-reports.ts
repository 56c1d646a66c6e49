import { SUPPORT_GROUP } from '../domain/support-group';
import { httpHandler } from '../http/handler';
import { toSupportReportView } from '../http/views/support-report';
import { reportQuery } from '../schemas/support';
import { listReports } from '../workflows/moderation/reports';

/** `GET /api/support/reports?status=open|decided` → `{reports}`, oldest first (support only). */
export const handler = httpHandler(
  { schemas: { query: reportQuery }, auth: true, staff: [SUPPORT_GROUP] },
  async ({ query }) => {
    const listed = await listReports(query.status ?? 'open');
    return { status: 200, body: { reports: listed.map(({ report, text }) => toSupportReportView(report, text)) } };
  },
);
