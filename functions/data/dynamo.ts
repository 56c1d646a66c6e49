import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  DeleteCommand,
  type DeleteCommandInput,
  GetCommand,
  type GetCommandInput,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { tableSchema } from './table-schema';

/**
 * The calls every data module makes, each naming the one table itself, and the one way to tell a
 * write whose condition did not hold from any other failure.
 */

type Key = Record<string, unknown>;
type Item = Record<string, unknown>;

export async function getItem<T = Item>(
  key: Key,
  options: Omit<GetCommandInput, 'TableName' | 'Key'> = {},
): Promise<T | null> {
  const { Item } = await db().send(new GetCommand({ ...options, TableName: tableName(), Key: key }));
  return (Item as T | undefined) ?? null;
}

export async function putItem(item: Item, options: Omit<PutCommandInput, 'TableName' | 'Item'> = {}): Promise<void> {
  await db().send(new PutCommand({ ...options, TableName: tableName(), Item: item }));
}

/** Puts an item whose key must be new: false, and nothing written, when the table holds that key already. */
export function putNew(item: Item): Promise<boolean> {
  return unlessConditionFails(
    putItem(item, { ConditionExpression: `attribute_not_exists(${tableSchema.partitionKey})` }).then(() => true),
    false,
  );
}

export type UpdateInput = Omit<UpdateCommandInput, 'TableName' | 'Key'>;

/** The item's attributes as the update's `ReturnValues` asks for them (none: `{}`). */
export async function updateItem<T = Item>(key: Key, update: UpdateInput): Promise<T> {
  const { Attributes } = await db().send(new UpdateCommand({ ...update, TableName: tableName(), Key: key }));
  return (Attributes ?? {}) as T;
}

/** A conditional update: as {@link updateItem}, or null when its condition did not hold and nothing was written. */
export function updateIf<T = Item>(key: Key, update: UpdateInput): Promise<T | null> {
  return unlessConditionFails(updateItem<T>(key, update), null);
}

/** The item as it was before, when `ReturnValues: 'ALL_OLD'` asks for it and there was one; otherwise null. */
export async function deleteItem<T = Item>(
  key: Key,
  options: Omit<DeleteCommandInput, 'TableName' | 'Key'> = {},
): Promise<T | null> {
  const { Attributes } = await db().send(new DeleteCommand({ ...options, TableName: tableName(), Key: key }));
  return (Attributes as T | undefined) ?? null;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Unnamed<T> = Omit<NonNullable<T>, 'TableName'>;

/** One write of a transaction; {@link transact} names the table. */
export type TableWrite =
  | { Put: Unnamed<TransactItem['Put']> }
  | { Update: Unnamed<TransactItem['Update']> }
  | { Delete: Unnamed<TransactItem['Delete']> };

/** All of these writes or none; see {@link failedConditions} for which condition stopped it. */
export async function transact(writes: readonly TableWrite[]): Promise<void> {
  const TableName = tableName();
  const TransactItems = writes.map((write) => {
    if ('Put' in write) return { Put: { ...write.Put, TableName } };
    if ('Update' in write) return { Update: { ...write.Update, TableName } };
    return { Delete: { ...write.Delete, TableName } };
  });
  await db().send(new TransactWriteCommand({ TransactItems }));
}

/*
 * Errors are told apart by name rather than by class: a second copy of the SDK's error classes (a
 * stand-in or test that loads its own) still names them the same.
 */
const named = (error: unknown, name: string) => (error as { name?: unknown } | null)?.name === name;

/**
 * A transaction DynamoDB cancelled: one of its conditions failed, or another transaction was
 * writing the same items at that moment. Either way, reading again and deciding again is safe.
 */
export const isCancelledTransaction = (error: unknown): error is TransactionCanceledException =>
  named(error, 'TransactionCanceledException');

/** For each write of a cancelled transaction, in the order given, whether its own condition failed; null for any other error. */
export function failedConditions(error: unknown): boolean[] | null {
  if (!isCancelledTransaction(error)) return null;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code === 'ConditionalCheckFailed');
}

/** Whether a write was refused for its condition: a single write's, or one of a cancelled transaction's. */
export const isConditionFailure = (error: unknown): boolean =>
  named(error, 'ConditionalCheckFailedException') || (failedConditions(error)?.includes(true) ?? false);

/** What `write` answers, or `otherwise` when its condition did not hold and nothing was written. */
async function unlessConditionFails<T, U>(write: Promise<T>, otherwise: U): Promise<T | U> {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) return otherwise;
    throw error;
  }
}

export type QueryInput = Omit<QueryCommandInput, 'TableName'>;

/** One page of a Query, for a caller that pages itself (a `Limit` and no more). */
export function queryPage(input: QueryInput): Promise<QueryCommandOutput> {
  return db().send(new QueryCommand({ ...input, TableName: tableName() }));
}

/**
 * Every page of a Query, following DynamoDB's 1 MB pages, until the caller stops. A function is
 * asked for the input of each page afresh (a `Limit` of what is still missing).
 */
export async function* pages(input: QueryInput | (() => QueryInput)): AsyncGenerator<QueryCommandOutput> {
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await queryPage({ ...(typeof input === 'function' ? input() : input), ExclusiveStartKey: startKey });
    yield page;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Every item a Query matches. */
export async function queryAll<T>(input: QueryInput): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages(input)) items.push(...((page.Items ?? []) as T[]));
  return items;
}

/** Every item under one partition key of an index. */
export function queryIndexPartition<T>(index: { name: string; partitionKey: string }, partition: string): Promise<T[]> {
  return queryAll<T>({
    IndexName: index.name,
    KeyConditionExpression: '#pk = :partition',
    ExpressionAttributeNames: { '#pk': index.partitionKey },
    ExpressionAttributeValues: { ':partition': partition },
  });
}

/** DynamoDB's BatchGetItem limit. */
const BATCH_SIZE = 100;

type BatchGetOptions = Omit<NonNullable<BatchGetCommandInput['RequestItems']>[string], 'Keys'>;

/** Every item of these keys that exists, in no particular order: BatchGetItem's chunks, unprocessed keys asked again. */
export async function batchGet<T = Item>(itemKeys: readonly Key[], options: BatchGetOptions = {}): Promise<T[]> {
  const table = tableName();
  const found: T[] = [];
  for (let index = 0; index < itemKeys.length; index += BATCH_SIZE) {
    let request: BatchGetCommandInput['RequestItems'] = {
      [table]: { ...options, Keys: itemKeys.slice(index, index + BATCH_SIZE) },
    };
    while (request && Object.keys(request).length > 0) {
      const page: BatchGetCommandOutput = await db().send(new BatchGetCommand({ RequestItems: request }));
      found.push(...((page.Responses?.[table] ?? []) as T[]));
      request = page.UnprocessedKeys;
    }
  }
  return found;
}
