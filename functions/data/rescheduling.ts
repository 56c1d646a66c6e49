import { DomainError } from '../domain/errors';
import { isoSeconds } from '../domain/instants';
import { failedConditions, type TableWrite, transact } from './dynamo';
import { keys } from './keys';
import type { RescheduleEntry, SessionItem } from '../domain/session-item';
import { claimMoves, timeBlocks } from './time-claims';

const MAX_RESCHEDULE_ATTEMPTS = 3;

/**
 * Moves a held session to a new time in one transaction: the new time's blocks claimed, the old
 * ones released, and the session's times, count and history updated on condition that it is still
 * held, at the time and count this move was decided on. Of two moves of one session, or a move and
 * a booking of the same time, exactly one wins, and no claim is leaked or doubled.
 */
export async function moveSession(
  session: SessionItem,
  move: { start: Date; end: Date; entry: RescheduleEntry },
  now: Date,
): Promise<SessionItem> {
  const start = isoSeconds(move.start);
  const end = isoSeconds(move.end);
  const count = session.rescheduleCount ?? 0;
  const moved: SessionItem = {
    ...session,
    start,
    end,
    claimedBlocks: timeBlocks(start, end),
    rescheduleCount: count + 1,
    history: [...(session.history ?? []), move.entry],
    updatedAt: now.toISOString(),
  };
  const indexes = keys.sessionIndexes(moved);
  const sessionUpdate: TableWrite = {
    Update: {
      Key: keys.session(session.id),
      UpdateExpression:
        'SET #start = :start, #end = :end, claimedBlocks = :blocks, rescheduleCount = :next, history = list_append(if_not_exists(history, :none), :entry), updatedAt = :now, gsi1sk = :gsi1sk, gsi2sk = :gsi2sk, settlepk = :settlepk, settlesk = :settlesk',
      ConditionExpression:
        '#status IN (:confirmed, :scheduled) AND #start = :seen AND (attribute_not_exists(rescheduleCount) OR rescheduleCount = :count)',
      ExpressionAttributeNames: { '#start': 'start', '#end': 'end', '#status': 'status' },
      ExpressionAttributeValues: {
        ':start': start,
        ':end': end,
        ':blocks': moved.claimedBlocks,
        ':next': count + 1,
        ':count': count,
        ':none': [],
        ':entry': [move.entry],
        ':now': now.toISOString(),
        ':gsi1sk': indexes.gsi1sk,
        ':gsi2sk': indexes.gsi2sk,
        ':settlepk': indexes.settlepk,
        ':settlesk': indexes.settlesk,
        ':seen': session.start,
        ':confirmed': 'confirmed',
        ':scheduled': 'scheduled',
      },
    },
  };
  const items = [sessionUpdate, ...claimMoves(session, moved, now)];
  for (let attempt = 1; ; attempt++) {
    try {
      await transact(items);
      return moved;
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed) throw error;
      if (failed[0]) {
        throw new DomainError('CONCURRENT_CHANGE', 'This session changed meanwhile. Reload and try again.');
      }
      if (failed.includes(true)) {
        throw new DomainError('SLOT_TAKEN', 'This time was just booked by someone else. Please choose another slot.');
      }
      // Only a clash with a transaction in flight on the same items: try again and see who won.
      if (attempt >= MAX_RESCHEDULE_ATTEMPTS) {
        throw new DomainError('SLOT_TAKEN', 'This time is being booked by someone else. Please choose another slot.');
      }
    }
  }
}
