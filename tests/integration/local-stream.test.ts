import { describe, expect, it } from 'vitest';
import { type LocalDirectoryStream, startDirectoryStream } from '../../bin/local/directory-stream';
import type { LambdaHandler } from '../../bin/local/lambda-modules';
import { withTestTable } from '../support/handler-kit';

const table = withTestTable();

/** The poller with a handler that refuses its first `failures` batches and records the keys of those it takes. */
async function pollerFailing(failures: number) {
  const taken: string[] = [];
  let refused = 0;
  const handler: LambdaHandler = async (event) => {
    if (refused < failures) {
      refused += 1;
      throw new Error('refused for the test');
    }
    for (const record of event.Records) taken.push(record.dynamodb.Keys.pk.S);
  };
  const stream: LocalDirectoryStream = await startDirectoryStream({
    name: 'test',
    endpoint: table.endpoint,
    tableName: table.tableName,
    pattern: { dynamodb: { Keys: { sk: { S: ['TEST'] } } } },
    batchSize: 10,
    handler: async () => handler,
  });
  return { stream, taken, refusedCount: () => refused };
}

describe('the local stream poller', () => {
  it('settles once a write reached the handler, waiting through a batch that failed and was read again', async () => {
    const { stream, taken, refusedCount } = await pollerFailing(2);
    try {
      await table.put({ pk: 'ITEM#1', sk: 'TEST' }, { pk: 'ITEM#2', sk: 'OTHER' });
      await stream.settled();
      expect(refusedCount()).toBe(2);
      expect(taken).toEqual(['ITEM#1']);
      expect(stream.busy()).toEqual([]);
    } finally {
      await stream.stop();
    }
  });
});
