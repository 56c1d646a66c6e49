import { MAX_UNPAID_HOLDS } from '../domain/constants';
import { DomainError } from '../domain/errors';
import { batchGet, getItem, type TableWrite } from './dynamo';
import { keys } from './keys';

/** One item per mentee: the sessions still awaiting payment and when each hold lapses, plus a version. */
interface UnpaidHoldsItem {
  holds: Record<string, string>;
  version: number;
}

/** The transaction item createBooking adds; its condition fails when another booking changed the holds meanwhile. */
export type UnpaidHoldClaim = TableWrite;

async function stillPending(sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const sessions = await batchGet<{ id: string; status: string }>(
    sessionIds.map((id) => keys.session(id)),
    { ProjectionExpression: 'id, #status', ExpressionAttributeNames: { '#status': 'status' }, ConsistentRead: true },
  );
  return new Set(sessions.filter((s) => s.status === 'pending_payment').map((s) => s.id));
}

/**
 * Claims one of the mentee's MAX_UNPAID_HOLDS unpaid holds for a new paid booking, or refuses with
 * 409 TOO_MANY_UNPAID_HOLDS. Holds that lapsed or whose session was paid or cancelled are dropped
 * first. The claim is a versioned put in the booking's own transaction, so concurrent bookings of
 * one mentee cannot both take the last hold.
 */
export async function claimUnpaidHold(
  menteeId: string,
  sessionId: string,
  expiresAt: string,
  now: Date,
): Promise<UnpaidHoldClaim> {
  const current = await getItem<UnpaidHoldsItem>(keys.unpaidHolds(menteeId), { ConsistentRead: true });
  const unexpired = Object.entries(current?.holds ?? {}).filter(([, until]) => until > now.toISOString());
  const pending = await stillPending(unexpired.map(([id]) => id));
  const held = unexpired.filter(([id]) => pending.has(id));
  if (held.length >= MAX_UNPAID_HOLDS) {
    throw new DomainError(
      'TOO_MANY_UNPAID_HOLDS',
      `You have ${held.length} sessions awaiting payment. Pay for or cancel one of them (or wait up to 30 minutes until an unpaid one lapses) before booking another.`,
    );
  }
  return {
    Put: {
      Item: {
        ...keys.unpaidHolds(menteeId),
        holds: Object.fromEntries([...held, [sessionId, expiresAt]]),
        version: (current?.version ?? 0) + 1,
      },
      ConditionExpression: current ? 'version = :seen' : 'attribute_not_exists(pk)',
      ...(current ? { ExpressionAttributeValues: { ':seen': current.version } } : {}),
    },
  };
}
