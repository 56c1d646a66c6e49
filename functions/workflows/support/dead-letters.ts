import { auditEntry } from '../../domain/audit';
import { type DeadLetter, deadLetterOf, type QueuedMessage } from '../../domain/dead-letter';
import { DomainError } from '../../domain/errors';
import { getDeadLetter, keepDeadLetter, takeDeadLetter } from '../../data/dead-letters';
import { log } from '../../runtime/log';
import { jobs } from '../../runtime/ports/jobs';

/**
 * The jobs' dead-letter queue's consumer (lib/dead-letters.ts; locally the local Lambda and
 * Scheduler hand it theirs): each message becomes a dead letter support can see and re-drive.
 * Answers the ids of the messages it could not keep, for SQS to deliver again.
 */
export async function keepDeadLetters(messages: readonly QueuedMessage[]): Promise<string[]> {
  const failed: string[] = [];
  for (const message of messages) {
    try {
      const letter = deadLetterOf(message);
      await keepDeadLetter(letter);
      log('warn', 'job dead-lettered', { kind: letter.kind, subject: letter.subject, lastError: letter.lastError });
    } catch (error) {
      log('error', 'dead letter not kept; SQS delivers it again', { messageId: message.messageId, error });
      failed.push(message.messageId);
    }
  }
  return failed;
}

/**
 * `POST /api/support/dead-letters/{id}/redrive`: runs the job once more with its own payload. The
 * letter is taken out (with the audit entry) before the job is started, so of two re-drives at once
 * only one runs it; a re-run that fails all its retries comes back as a new letter.
 */
export async function redriveDeadLetter(id: string, staffId: string, reason: string, now: Date): Promise<DeadLetter> {
  const letter = await getDeadLetter(id);
  if (!letter) throw new DomainError('NOT_FOUND', 'Dead letter not found');
  if (letter.payload === null) {
    throw new DomainError('NOT_REDRIVABLE', 'This dead letter names a stream batch, not a job that can run again.', [
      { kind: letter.kind },
    ]);
  }
  const { payload, ...before } = letter;
  const audit = auditEntry(
    { actor: staffId, action: 'redrive_dead_letter', subject: `dead-letter:${id}`, reason, before },
    now,
  );
  if (!(await takeDeadLetter(id, audit))) throw new DomainError('NOT_FOUND', 'This dead letter was re-driven already.');
  try {
    await jobs().rerun(letter.kind, payload);
  } catch (error) {
    // Not started: the letter stays for another try.
    await keepDeadLetter(letter);
    throw error;
  }
  return letter;
}
