import type { AuditEntry } from '../domain/audit';
import { putItem, type TableWrite } from './dynamo';
import { keys } from './keys';

const auditItem = (entry: AuditEntry) => ({ ...keys.audit(entry.at, entry.id), ...entry });

/** The write that records `entry`, for the transaction of the action it records (never over another entry). */
export const auditPut = (entry: AuditEntry): TableWrite => ({
  Put: { Item: auditItem(entry), ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Records an entry on its own: a staff read, which changes nothing else. */
export const recordAudit = (entry: AuditEntry): Promise<void> =>
  putItem(auditItem(entry), { ConditionExpression: 'attribute_not_exists(pk)' });
