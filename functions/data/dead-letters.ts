import type { AuditEntry } from '../domain/audit';
import type { DeadLetter } from '../domain/dead-letter';
import { auditPut } from './audit';
import { getItem, isCancelledTransaction, putNew, queryAll, transact } from './dynamo';
import { keys } from './keys';

const deadLetterOf = ({ id, kind, subject, lastError, tries, at, payload }: DeadLetter): DeadLetter => ({
  id,
  kind,
  subject,
  lastError,
  tries,
  at,
  payload,
});

/**
 * Keeps a job given up on for support to see and re-drive. SQS delivers a message at least once:
 * a second delivery of it has the same id, and changes nothing.
 */
export async function keepDeadLetter(letter: DeadLetter): Promise<void> {
  await putNew({ ...keys.deadLetter(letter.id), ...letter });
}

/** Every dead letter, oldest first (their ids sort by when they landed). */
export async function listDeadLetters(): Promise<DeadLetter[]> {
  const { pk, skPrefix } = keys.deadLetters;
  const items = await queryAll<DeadLetter>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ConsistentRead: true,
  });
  return items.map(deadLetterOf);
}

export async function getDeadLetter(id: string): Promise<DeadLetter | null> {
  const item = await getItem<DeadLetter>(keys.deadLetter(id), { ConsistentRead: true });
  return item && deadLetterOf(item);
}

/**
 * Takes the letter out to run it again, with the staff action's audit entry, in one transaction:
 * false when it is gone already (another re-drive took it), so only one caller ever runs it.
 */
export async function takeDeadLetter(id: string, audit: AuditEntry): Promise<boolean> {
  try {
    await transact([
      { Delete: { Key: keys.deadLetter(id), ConditionExpression: 'attribute_exists(pk)' } },
      auditPut(audit),
    ]);
    return true;
  } catch (error) {
    if (isCancelledTransaction(error)) return false;
    throw error;
  }
}
