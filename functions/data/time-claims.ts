import { isoSeconds } from '../domain/instants';
import type { SessionItem } from '../domain/session-item';
import type { TableWrite } from './dynamo';
import { keys } from './keys';

/**
 * A coach's time is claimed in 15-minute blocks, one item per block, so that two bookings whose
 * times overlap always compete for at least one same item, and a conditional put lets only one
 * of them have it. Sessions start on 15-minute marks, except external-calendar ones, whose odd
 * edges claim the whole block they touch.
 */
const BLOCK_MS = 15 * 60_000;

/** Claims of a coach's time expire from the table a day after the block has passed. */
const KEEP_PAST_CLAIM_SECONDS = 24 * 60 * 60;

export function timeBlocks(start: string, end: string): string[] {
  const first = Math.floor(new Date(start).getTime() / BLOCK_MS) * BLOCK_MS;
  const last = new Date(end).getTime();
  const blocks: string[] = [];
  for (let block = first; block < last; block += BLOCK_MS) blocks.push(isoSeconds(new Date(block)));
  return blocks;
}

const epochSeconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/**
 * Puts for every block of a new session. A block is free when nobody holds it, or when an unpaid
 * booking's hold on it has lapsed (its expiry job may not have run yet).
 */
export function claimPuts(
  session: SessionItem,
  now: Date,
  blocks: readonly string[] = session.claimedBlocks,
): TableWrite[] {
  return blocks.map((block) => ({
    Put: {
      Item: {
        ...keys.timeClaim(session.coachId, block),
        sessionId: session.id,
        ...(session.paymentExpiresAt ? { heldUntil: session.paymentExpiresAt } : {}),
        expiresAt: epochSeconds(session.end) + KEEP_PAST_CLAIM_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk) OR heldUntil < :now',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    },
  }));
}

/** Makes a paid session's holds permanent, on condition the session still holds every block. */
export function claimConfirmations(session: SessionItem): TableWrite[] {
  return session.claimedBlocks.map((block) => ({
    Update: {
      Key: keys.timeClaim(session.coachId, block),
      UpdateExpression: 'REMOVE heldUntil',
      ConditionExpression: 'sessionId = :session',
      ExpressionAttributeValues: { ':session': session.id },
    },
  }));
}

/** Releases the given blocks, each only if this session still holds it. */
export function claimReleases(session: Pick<SessionItem, 'id' | 'coachId'>, blocks: readonly string[]): TableWrite[] {
  return blocks.map((block) => ({
    Delete: {
      Key: keys.timeClaim(session.coachId, block),
      ConditionExpression: 'sessionId = :session',
      ExpressionAttributeValues: { ':session': session.id },
    },
  }));
}

/**
 * A held session moved to `blocks`: the blocks it newly needs claimed, the ones it keeps still its
 * own (their expiry moved with its end), the ones it leaves released. No item appears twice, as one
 * transaction requires.
 */
export function claimMoves(
  session: SessionItem,
  moved: Pick<SessionItem, 'end' | 'claimedBlocks'>,
  now: Date,
): TableWrite[] {
  const before = new Set(session.claimedBlocks);
  const after = new Set(moved.claimedBlocks);
  const kept = moved.claimedBlocks.filter((block) => before.has(block));
  return [
    ...claimPuts(
      { ...session, ...moved, paymentExpiresAt: null },
      now,
      moved.claimedBlocks.filter((block) => !before.has(block)),
    ),
    ...kept.map((block) => ({
      Update: {
        Key: keys.timeClaim(session.coachId, block),
        UpdateExpression: 'SET expiresAt = :expires',
        ConditionExpression: 'sessionId = :session',
        ExpressionAttributeValues: {
          ':session': session.id,
          ':expires': epochSeconds(moved.end) + KEEP_PAST_CLAIM_SECONDS,
        },
      },
    })),
    ...claimReleases(
      session,
      session.claimedBlocks.filter((block) => !after.has(block)),
    ),
  ];
}
