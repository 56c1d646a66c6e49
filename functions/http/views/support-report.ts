import type { ReportItem } from '../../domain/reports';
import type { SupportReportView } from '../../schemas/support';

/** A report as the console shows it: `text` the reported message as it stands now (null once removed or gone). */
export const toSupportReportView = (report: ReportItem, text: string | null): SupportReportView => ({
  id: report.id,
  kind: report.kind,
  text,
  authorId: report.authorId,
  reporterId: report.reporterId,
  reason: report.reason,
  reportedAt: report.reportedAt,
  status: report.status,
});
