import type { DynamoDBStreamEvent } from 'aws-lambda';
import { readDirectoryRows } from '../data/coaches';
import { changesDirectoryCard, withWrites } from '../data/directory-stream';
import { directoryCards } from '../http/directory';
import { directorySnapshot } from '../runtime/ports/directory-snapshot';

/**
 * Rebuilds the directory snapshot from the directory index (the source of truth) after profile
 * writes that change a card. Fed by the table's stream, profile items only (PROFILE_RECORDS_PATTERN);
 * one batch at a time, so the snapshot written last is the one built last (lib/directory-snapshot.ts).
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<void> => {
  const changes = event.Records.filter(changesDirectoryCard);
  if (changes.length === 0) return;
  const rows = withWrites(await readDirectoryRows(), changes);
  await directorySnapshot().write(directoryCards(rows), new Date());
};
