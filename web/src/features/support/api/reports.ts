import { type DecideReportInput, reportList } from '@functions/schemas/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SUPPORT_KEY, useSupportAction } from './support-action';

export type ReportStatus = 'open' | 'decided';

/** `GET /api/support/reports?status=`: reported messages and reviews, oldest first. */
export const reportsQuery = (status: ReportStatus) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'reports', { status }],
    queryFn: async () => reportList.parse(await api.get('/support/reports', { status })),
  });

export const useReports = (status: ReportStatus) => useQuery(reportsQuery(status));

/** `POST /api/support/reports/{id}/decide {action, note}`. */
export const useDecideReport = () =>
  useSupportAction(({ reportId, ...input }: { reportId: string } & DecideReportInput) => ({
    path: `/support/reports/${encodeURIComponent(reportId)}/decide`,
    body: input,
  }));
