import { appendFile, readFile } from 'node:fs/promises';

/**
 * A job given up on, as the jobs' dead-letter queue keeps it: the function, the payload's fields
 * (the session and, for a self-retrying job, its try), when it was due and why it failed.
 */
export interface LocalDeadLetter {
  job: string;
  sessionId?: string;
  try?: number;
  at: string;
  error: string;
  failedAt: string;
}

/** One line of the local dead-letter queue (`.local/dead-letters.jsonl`). */
export const deadLetterOf = (job: string, payload: string, at: string, error: unknown): LocalDeadLetter => ({
  job,
  ...payloadFields(payload),
  at,
  error: String(error),
  failedAt: new Date().toISOString(),
});

/** A job's JSON payload's fields (none for a payload that is not a JSON object). */
export function payloadFields(payload = '{}'): Record<string, unknown> {
  try {
    const fields: unknown = JSON.parse(payload);
    return typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const appendDeadLetter = (file: string, letter: LocalDeadLetter) =>
  appendFile(file, `${JSON.stringify(letter)}\n`, 'utf8');

/** The jobs given up on, oldest first. */
export async function readDeadLetters(file: string): Promise<LocalDeadLetter[]> {
  try {
    const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
    return lines.map((line) => JSON.parse(line) as LocalDeadLetter);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
