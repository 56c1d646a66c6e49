import { MAX_NPI_CHECKS_PER_DAY, type NpiRecord, type RegistrySnapshot } from '../domain/npi';
import type { CoachVerification } from '../schemas/coach';
import {
  getItem,
  isCancelledTransaction,
  queryIndexPartition,
  type TableWrite,
  transact,
  updateIf,
  updateItem,
} from './dynamo';
import { keys } from './keys';
import { tableSchema } from './table-schema';

const DAY_SECONDS = 24 * 60 * 60;

type StoredNpiRecord = NpiRecord & { pk: string; sk: string };

export async function getNpiRecord(userId: string): Promise<NpiRecord | null> {
  const item = await getItem<StoredNpiRecord>(keys.npiVerification(userId), { ConsistentRead: true });
  if (!item) return null;
  const { pk: _pk, sk: _sk, ...record } = item;
  return record;
}

/** Counts one check the mentor asked for today (UTC); false, and nothing counted, past the daily limit. */
export async function countCheckAsked(userId: string, now: Date): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const counted = await updateIf(keys.npiChecksOnDay(userId, day), {
    UpdateExpression: 'ADD checks :one SET expiresAt = :expires',
    ConditionExpression: 'attribute_not_exists(checks) OR checks < :max',
    ExpressionAttributeValues: {
      ':one': 1,
      ':max': MAX_NPI_CHECKS_PER_DAY,
      ':expires': Math.floor(now.getTime() / 1000) + 2 * DAY_SECONDS,
    },
  });
  return counted !== null;
}

/** The profile's badge and its place among the verified mentors, gone in the same write. */
const removeBadge = (userId: string): TableWrite => ({
  Update: {
    Key: keys.profile(userId),
    UpdateExpression: 'REMOVE verification, gsi1pk, gsi1sk',
    ConditionExpression: 'attribute_exists(pk)',
  },
});

/**
 * A check of this NPI is asked for: the record starts over as pending under a new check id, and
 * the profile loses its badge in the same transaction.
 */
export async function startCheck(userId: string, npi: string, now: Date): Promise<NpiRecord> {
  const record: NpiRecord = {
    userId,
    npi,
    status: 'pending',
    checkId: crypto.randomUUID(),
    retries: 0,
    updatedAt: now.toISOString(),
  };
  await transact([{ Put: { Item: { ...keys.npiVerification(userId), ...record } } }, removeBadge(userId)]);
  return record;
}

/**
 * The profile's name changed: a mentor who gave an NPI is checked again under the new name (the
 * profile write itself dropped the badge). Null when the mentor never gave one.
 */
export async function restartCheck(userId: string, now: Date): Promise<NpiRecord | null> {
  const restarted = await updateIf<StoredNpiRecord>(keys.npiVerification(userId), {
    UpdateExpression:
      'SET #status = :pending, checkId = :checkId, retries = :zero, updatedAt = :now REMOVE reason, badgeRemovedAt, removalMailedAt',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pending': 'pending',
      ':checkId': crypto.randomUUID(),
      ':zero': 0,
      ':now': now.toISOString(),
    },
    ReturnValues: 'ALL_NEW',
  });
  if (!restarted) return null;
  const { pk: _pk, sk: _sk, ...record } = restarted;
  return record;
}

/**
 * A check's outcome and the profile's badge together; false when the transaction was cancelled: a
 * newer check was asked for, the name changed, or another write of these items was in flight.
 */
async function transactedUnlessCancelled(writes: TableWrite[]): Promise<boolean> {
  try {
    await transact(writes);
    return true;
  } catch (error) {
    if (isCancelledTransaction(error)) return false;
    throw error;
  }
}

const sameCheck = (record: NpiRecord) => ({
  ConditionExpression: 'checkId = :checkId',
  checkValues: { ':checkId': record.checkId },
});

/**
 * The registry verified the check: the record and the profile's badge in one transaction, on
 * condition that no newer check was asked for and the profile still has the last name checked.
 * False when either moved on (the newer check decides).
 */
export async function recordVerified(
  record: NpiRecord,
  lastNameChecked: string,
  snapshot: RegistrySnapshot,
  now: Date,
): Promise<boolean> {
  const checkedAt = now.toISOString();
  const badge: CoachVerification = { status: 'verified', checkedAt, taxonomy: snapshot.taxonomy ?? 'Physician' };
  const verifiedIndex = keys.verifiedMentor(record.userId);
  const check = sameCheck(record);
  return transactedUnlessCancelled([
    {
      Update: {
        Key: keys.npiVerification(record.userId),
        UpdateExpression:
          'SET #status = :verified, checkedAt = :at, #snapshot = :snapshot, retries = :zero, updatedAt = :at REMOVE reason, badgeRemovedAt, removalMailedAt',
        ConditionExpression: check.ConditionExpression,
        ExpressionAttributeNames: { '#status': 'status', '#snapshot': 'snapshot' },
        ExpressionAttributeValues: {
          ...check.checkValues,
          ':verified': 'verified',
          ':at': checkedAt,
          ':snapshot': snapshot,
          ':zero': 0,
        },
      },
    },
    {
      Update: {
        Key: keys.profile(record.userId),
        UpdateExpression: 'SET verification = :badge, gsi1pk = :vpk, gsi1sk = :vsk',
        ConditionExpression: 'lastName = :last',
        ExpressionAttributeValues: {
          ':badge': badge,
          ':vpk': verifiedIndex.gsi1pk,
          ':vsk': verifiedIndex.gsi1sk,
          ':last': lastNameChecked,
        },
      },
    },
  ]);
}

/**
 * The registry refused the check: the reason in the record, the badge off the profile. A badge a
 * re-check takes away is marked for the one e-mail that tells the mentor. False when a newer check
 * was asked for meanwhile.
 */
export async function recordRejected(
  record: NpiRecord,
  reason: string,
  snapshot: RegistrySnapshot | null,
  now: Date,
): Promise<boolean> {
  const checkedAt = now.toISOString();
  const check = sameCheck(record);
  const badgeRemoved = record.status === 'verified';
  return transactedUnlessCancelled([
    {
      Update: {
        Key: keys.npiVerification(record.userId),
        UpdateExpression: `SET #status = :rejected, reason = :reason, checkedAt = :at, #snapshot = :snapshot, retries = :zero, updatedAt = :at${badgeRemoved ? ', badgeRemovedAt = :at' : ''}`,
        ConditionExpression: check.ConditionExpression,
        ExpressionAttributeNames: { '#status': 'status', '#snapshot': 'snapshot' },
        ExpressionAttributeValues: {
          ...check.checkValues,
          ':rejected': 'rejected',
          ':reason': reason,
          ':at': checkedAt,
          ':snapshot': snapshot,
          ':zero': 0,
        },
      },
    },
    removeBadge(record.userId),
  ]);
}

/** The registry could not be reached: one more retry counted, unless a newer check was asked for. */
export async function recordUnreachable(record: NpiRecord, now: Date): Promise<boolean> {
  const check = sameCheck(record);
  const counted = await updateIf(keys.npiVerification(record.userId), {
    UpdateExpression: 'SET retries = retries + :one, updatedAt = :now',
    ConditionExpression: check.ConditionExpression,
    ExpressionAttributeValues: { ...check.checkValues, ':one': 1, ':now': now.toISOString() },
  });
  return counted !== null;
}

/** The mentor was told the badge was removed; a retried re-check does not tell them twice. */
export async function markRemovalMailed(record: NpiRecord, now: Date): Promise<void> {
  await updateItem(keys.npiVerification(record.userId), {
    UpdateExpression: 'SET removalMailedAt = :now',
    ConditionExpression: 'attribute_exists(badgeRemovedAt)',
    ExpressionAttributeValues: { ':now': now.toISOString() },
  });
}

/** Every verified mentor's user id (gsi1's sparse partition of verified profiles). */
export async function verifiedMentorIds(): Promise<string[]> {
  const profiles = await queryIndexPartition<{ userId: string }>(
    tableSchema.indexes.byOwner,
    keys.verifiedMentorsPartition,
  );
  return profiles.map((profile) => profile.userId);
}
