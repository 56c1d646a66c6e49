import { isDeepStrictEqual } from 'node:util';
import { getItem, isConditionFailure, putNew, type UpdateInput, updateItem } from './dynamo';
import { keys } from './keys';
import type { ProfileItem } from '../domain/profile-item';
import { INDEX_ONLY_ATTRIBUTES, profileRow } from './profiles';
import type { ProfileStore } from '../domain/ports';

type Row = Record<string, unknown>;

/** The directory keys derive from these, so an update must see them unchanged to keep the keys right. */
const LISTING_INPUTS = ['published', 'userType', 'firstName', 'lastName'];
/** Every writer sets it, so conditioning on it would make edits of different fields collide. */
const LAST_WRITE_WINS = ['updatedAt'];
const MAX_ATTEMPTS = 5;

const stripKeys = (row: Row): ProfileItem => {
  const { pk: _pk, sk: _sk, ...profile } = row;
  for (const attribute of INDEX_ONLY_ATTRIBUTES) delete profile[attribute];
  return profile as unknown as ProfileItem;
};

const readRow = (userId: string) => getItem<Row>(keys.profile(userId), { ConsistentRead: true });

/** A condition that the attribute still holds the value read, absent and null included. */
function stillHolds(name: string, was: unknown, placeholder: string, values: Record<string, unknown>): string {
  if (was === undefined) return `attribute_not_exists(${name})`;
  if (was === null) {
    values[':nullType'] = 'NULL';
    return `attribute_type(${name}, :nullType)`;
  }
  values[placeholder] = was;
  return `${name} = ${placeholder}`;
}

/**
 * One UpdateItem that writes only the attributes that differ between the row as read and the
 * row wanted, on condition that each of them (and the directory's inputs) still holds the value
 * read, and answers with the whole row as stored. Other writers of the profile (ratings, rates, publication) touch other attributes, so
 * they neither block this write nor get overwritten by it.
 */
function changesBetween(before: Row, after: Row): UpdateInput | null {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  const conditions = ['attribute_exists(pk)'];
  let changed = false;
  [...new Set([...Object.keys(before), ...Object.keys(after)])].forEach((attribute, index) => {
    const differs = !isDeepStrictEqual(before[attribute], after[attribute]);
    if (!differs && !LISTING_INPUTS.includes(attribute)) return;
    const name = `#a${index}`;
    names[name] = attribute;
    if (!LAST_WRITE_WINS.includes(attribute)) {
      conditions.push(stillHolds(name, before[attribute], `:was${index}`, values));
    }
    if (!differs) return;
    changed = true;
    if (after[attribute] === undefined) removes.push(name);
    else {
      sets.push(`${name} = :now${index}`);
      values[`:now${index}`] = after[attribute];
    }
  });
  if (!changed) return null;
  return {
    UpdateExpression: [
      sets.length ? `SET ${sets.join(', ')}` : '',
      removes.length ? `REMOVE ${removes.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' '),
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ReturnValues: 'ALL_NEW',
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

export const dynamoProfileStore: ProfileStore = {
  async get(userId) {
    const row = await readRow(userId);
    return row ? stripKeys(row) : null;
  },

  async createOnce(profile) {
    if (await putNew(profileRow(profile))) return { profile, created: true };
    const existing = await dynamoProfileStore.get(profile.userId);
    if (!existing) throw new Error(`The profile of ${profile.userId} was there a moment ago and is gone`);
    return { profile: existing, created: false };
  },

  async update(userId, change) {
    for (let attempt = 1; ; attempt++) {
      const before = await readRow(userId);
      if (!before) return null;
      const wanted = change(stripKeys(before));
      const update = changesBetween(before, profileRow({ ...wanted, userId }));
      if (!update) return wanted;
      try {
        return stripKeys(await updateItem<Row>(keys.profile(userId), update));
      } catch (error) {
        if (!isConditionFailure(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  },
};
