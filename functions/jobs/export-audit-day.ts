import { DateTime } from 'luxon';
import * as z from '../schemas/zod';
import { log } from '../runtime/log';
import { jobHandler } from '../runtime/job-handler';
import { auditArchive } from '../runtime/ports/audit-archive';
import { exportAuditDay } from '../workflows/support/audit-export';

/** The daily schedule sends `{}` (the UTC day that just ended); an operator may name a day to export again. */
const exportEvent = z.object({ day: z.optional(z.iso.date()) });

export const handler = jobHandler('exportAuditDay', async (event) => {
  const { day } = exportEvent.parse(event ?? {});
  const target = day ?? (DateTime.utc().minus({ days: 1 }).toISODate() as string);
  const result = await exportAuditDay(target, auditArchive());
  log('info', 'exportAuditDay', result);
  return result;
});
