import { pages } from './dynamo';

export interface IndexRange {
  index: { name: string; partitionKey: string; sortKey: string };
  partition: string;
  /** Sort keys between these two, both included. */
  between?: { from: string; to: string };
  /** Sort keys strictly after this one in reading order (a cursor's position). */
  after?: string;
  descending?: boolean;
  /** A FilterExpression over `#f0…` names and `:f0…` values the caller supplies. */
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
}

/**
 * Up to `count` items of one index partition in sort-key order, each page asking for no more than
 * is still missing, so a request never reads more than it answers (plus what the filter drops).
 */
export async function readIndexRange<T extends Record<string, unknown>>(
  range: IndexRange,
  count: number,
): Promise<T[]> {
  const { index, partition, between, after, descending = false, filter } = range;
  const names: Record<string, string> = { '#pk': index.partitionKey, ...filter?.names };
  const values: Record<string, unknown> = { ':partition': partition, ...filter?.values };
  let sortCondition = '';
  // DynamoDB refuses names an expression does not use.
  if (between || after) names['#sk'] = index.sortKey;
  if (between) {
    values[':from'] = between.from;
    values[':to'] = descending && after && after < between.to ? after : between.to;
    if (!descending && after && after > between.from) values[':from'] = after;
    sortCondition = ' AND #sk BETWEEN :from AND :to';
  } else if (after) {
    values[':after'] = after;
    sortCondition = descending ? ' AND #sk < :after' : ' AND #sk > :after';
  }
  const items: T[] = [];
  const query = () => ({
    IndexName: index.name,
    KeyConditionExpression: `#pk = :partition${sortCondition}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(filter ? { FilterExpression: filter.expression } : {}),
    ScanIndexForward: !descending,
    Limit: count - items.length,
  });
  for await (const page of pages(query)) {
    // BETWEEN includes its ends, and the cursor's own item is not part of the next page.
    for (const item of (page.Items ?? []) as T[]) if (item[index.sortKey] !== after) items.push(item);
    if (items.length >= count) break;
  }
  return items.slice(0, count);
}
