import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { matchesPattern } from '../../bin/local/directory-stream';
import type { DirectoryRow } from '../../functions/data/coaches';
import { changesDirectoryCard, PROFILE_RECORDS_PATTERN, withWrites } from '../../functions/data/directory-stream';

type Item = Record<string, unknown>;
const listed = (pk: string, fields: Item = {}): Item => ({
  pk,
  sk: 'PROFILE',
  dirpk: 'PUBLISHED#3',
  dirsk: `last#first#${pk}`,
  firstName: 'First',
  lastName: 'Last',
  ...fields,
});
const image = (item: Item | undefined) => item && (marshall(item, { removeUndefinedValues: true }) as never);
const record = (before: Item | undefined, after: Item | undefined): DynamoDBRecord => {
  const keys = (after ?? before) as Item;
  return {
    eventName: !before ? 'INSERT' : !after ? 'REMOVE' : 'MODIFY',
    dynamodb: {
      Keys: image({ pk: keys.pk, sk: keys.sk }),
      ...(before ? { OldImage: image(before) } : {}),
      ...(after ? { NewImage: image(after) } : {}),
    },
  };
};

describe('which writes change the directory', () => {
  it('counts a card that appears, goes, or changes a shown field', () => {
    expect(changesDirectoryCard(record(undefined, listed('USER#a')))).toBe(true);
    expect(changesDirectoryCard(record(listed('USER#a'), { ...listed('USER#a'), dirpk: undefined }))).toBe(true);
    expect(changesDirectoryCard(record(listed('USER#a'), undefined))).toBe(true);
    expect(changesDirectoryCard(record(listed('USER#a'), listed('USER#a', { hourlyRateCents: 9000 })))).toBe(true);
    expect(changesDirectoryCard(record(listed('USER#a'), listed('USER#a', { areasOfInterest: ['X'] })))).toBe(true);
  });

  it('ignores fields the card does not show and profiles outside the directory', () => {
    expect(changesDirectoryCard(record(listed('USER#a'), listed('USER#a', { updatedAt: 'now', bio: 'long' })))).toBe(
      false,
    );
    const unlisted = { pk: 'USER#m', sk: 'PROFILE', firstName: 'M', lastName: 'Mentee' };
    expect(changesDirectoryCard(record(unlisted, { ...unlisted, lastName: 'Other' }))).toBe(false);
  });
});

describe('the index with a batch laid over it', () => {
  const row = (pk: string, lastName: string) => listed(pk, { lastName }) as unknown as DirectoryRow;

  it('adds, replaces and removes entries, the last write of an item winning', () => {
    const rows = [row('USER#a', 'A'), row('USER#b', 'B')];
    const result = withWrites(rows, [
      record(listed('USER#a'), listed('USER#a', { lastName: 'A2' })),
      record(listed('USER#a', { lastName: 'A2' }), listed('USER#a', { lastName: 'A3' })),
      record(listed('USER#b'), { ...listed('USER#b'), dirpk: undefined, dirsk: undefined }),
      record(undefined, listed('USER#c', { lastName: 'C' })),
    ]);
    expect(result.map((each) => [each.pk, each.lastName])).toEqual([
      ['USER#a', 'A3'],
      ['USER#c', 'C'],
    ]);
  });
});

describe("the local stream's filter", () => {
  it('passes profile items and nothing else, as the event source mapping does', () => {
    const profile = record(undefined, listed('USER#a'));
    const availability = record(undefined, { pk: 'USER#a', sk: 'AVAIL#1' });
    expect(matchesPattern(PROFILE_RECORDS_PATTERN, profile)).toBe(true);
    expect(matchesPattern(PROFILE_RECORDS_PATTERN, availability)).toBe(false);
    expect(matchesPattern(PROFILE_RECORDS_PATTERN, { dynamodb: {} })).toBe(false);
  });
});
