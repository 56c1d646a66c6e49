import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import type { SessionItem } from '../../functions/domain/session-item';
import { createBooking } from '../../functions/data/sessions';
import { timeBlocks } from '../../functions/data/time-claims';
import { OUTCOME_WINDOW_HOURS_AFTER_END } from '../../functions/domain/outcome-window';

/** A one-hour paid session between the two, written (with its claims) as a booking stores it. */
export async function storedBooking(
  parties: { coachId: string; menteeId: string },
  start: string,
  overrides: Partial<SessionItem> = {},
): Promise<SessionItem> {
  const end = new Date(Date.parse(start) + 60 * 60_000).toISOString().replace('.000Z', 'Z');
  const now = new Date().toISOString();
  const session: SessionItem = {
    id: randomUUID(),
    ...parties,
    start,
    end,
    durationMinutes: 60,
    priceCents: 12_000,
    platformFeeCents: 1_200,
    status: 'confirmed',
    sessionType: 'one-time',
    isFreeConsultation: false,
    bookingMethod: 'slot',
    claimedBlocks: timeBlocks(start, end),
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  await createBooking(session, new Date());
  return session;
}

/** Moves a session to start `minutes` from now (negative: ago), an hour long: on now, ended, or past its outcome window. */
export async function movedToStart(sessionId: string, minutes: number): Promise<void> {
  const start = Date.now() + minutes * 60_000;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.session(sessionId),
      UpdateExpression: 'SET #start = :start, #end = :end',
      ExpressionAttributeNames: { '#start': 'start', '#end': 'end' },
      ExpressionAttributeValues: {
        ':start': new Date(start).toISOString(),
        ':end': new Date(start + 60 * 60_000).toISOString(),
      },
    }),
  );
}

/** Moves a session an hour into the past, ended: what its completion job finds at its end. */
export const endedAgo = (sessionId: string) => movedToStart(sessionId, -120);

/** Moves a session to have ended more than its outcome window ago: what the outcome deadline's job finds. */
export const pastItsOutcomeWindow = (sessionId: string) =>
  movedToStart(sessionId, -(OUTCOME_WINDOW_HOURS_AFTER_END * 60 + 120));
