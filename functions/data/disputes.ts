import type { SessionItem } from '../domain/session-item';
import { batchGet, queryIndexPartition } from './dynamo';
import { keys } from './keys';
import { tableSchema } from './table-schema';

/**
 * The disputed sessions support has not yet resolved, oldest dispute first: read from the sparse
 * support index (an outcome's dispute puts a session in, its resolution takes it out), never the table.
 */
export async function openDisputes(): Promise<SessionItem[]> {
  const { support } = tableSchema.indexes;
  const entries = await queryIndexPartition<Record<string, string>>(support, keys.openDisputesPartition);
  const ids = entries.map((entry) => keys.sessionOfOpenDispute(entry[support.sortKey] as string));
  const sessions = new Map(
    (await batchGet<SessionItem>(ids.map(keys.session), { ConsistentRead: true })).map((session) => [
      session.id,
      session,
    ]),
  );
  // The index is eventually consistent: a session resolved a moment ago may still be listed there.
  return ids.flatMap((id) => {
    const session = sessions.get(id);
    return session?.outcome === 'disputed' && !session.resolution ? [session] : [];
  });
}
