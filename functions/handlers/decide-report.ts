import { SUPPORT_GROUP } from '../domain/support-group';
import { httpHandler } from '../http/handler';
import { toSupportReportView } from '../http/views/support-report';
import { decideReportInput, reportPath } from '../schemas/support';
import { decideReport } from '../workflows/moderation/reports';

/** `POST /api/support/reports/{id}/decide {action, note}` → 200 the report as decided (support only; once: 409 after). */
export const handler = httpHandler(
  { schemas: { path: reportPath, body: decideReportInput }, auth: true, staff: [SUPPORT_GROUP] },
  async ({ path, body, caller, now }) => {
    const { report, text } = await decideReport(path.id, caller.userId, body, now);
    return { status: 200, body: toSupportReportView(report, text) };
  },
);
