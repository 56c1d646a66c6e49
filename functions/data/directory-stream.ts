import type { AttributeValue as LambdaAttributeValue, DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DirectoryRow } from './coaches';
import { tableSchema } from './table-schema';

/**
 * The event source mapping's filter (Lambda's filter-pattern syntax): only profile items reach the
 * rebuild. The local stream poller (bin/local/directory-stream.ts) applies the same pattern.
 */
export const PROFILE_RECORDS_PATTERN = { dynamodb: { Keys: { sk: { S: ['PROFILE'] } } } } as const;

/**
 * Records per rebuild (the event source's batch size; GetRecords' most locally). Each rebuild reads
 * the whole index, so a bulk change (an import, a backfill) costs a rebuild per thousand writes.
 */
export const DIRECTORY_STREAM_BATCH_SIZE = 1000;

/** What a card is made of: the index keys (in or out of the directory, and where) and the projection. */
const CARD_ATTRIBUTES: readonly string[] = [
  tableSchema.indexes.directory.partitionKey,
  tableSchema.indexes.directory.sortKey,
  ...tableSchema.directoryProjection,
  // Not projected by the directory index: read beside it (data/coaches.ts readDirectoryRows).
  'verification',
  'plan',
];

type Image = Record<string, unknown>;
const imageOf = (image: Record<string, LambdaAttributeValue> | undefined): Image | undefined =>
  image && unmarshall(image as Record<string, AttributeValue>);

const inDirectory = (image: Image | undefined) => image?.[tableSchema.indexes.directory.partitionKey] !== undefined;

/** Whether this write changed what the directory shows: a card appeared, went, or one of its fields changed. */
export function changesDirectoryCard(record: DynamoDBRecord): boolean {
  const before = imageOf(record.dynamodb?.OldImage);
  const after = imageOf(record.dynamodb?.NewImage);
  if (!inDirectory(before) && !inDirectory(after)) return false;
  return CARD_ATTRIBUTES.some((name) => JSON.stringify(before?.[name]) !== JSON.stringify(after?.[name]));
}

/**
 * The directory's entries with these writes laid over them, the last write of each item winning.
 * The index is updated from the table asynchronously, so a rebuild started by a write may read it
 * a moment before it shows that write; the write itself is in hand and decides.
 */
export function withWrites(rows: readonly DirectoryRow[], records: readonly DynamoDBRecord[]): DirectoryRow[] {
  const byKey = new Map(rows.map((row) => [row.pk, row]));
  for (const record of records) {
    const keys = imageOf(record.dynamodb?.Keys);
    const pk = keys?.[tableSchema.partitionKey];
    if (typeof pk !== 'string') continue;
    const after = imageOf(record.dynamodb?.NewImage);
    if (after && inDirectory(after)) byKey.set(pk, after as unknown as DirectoryRow);
    else byKey.delete(pk);
  }
  return [...byKey.values()];
}
