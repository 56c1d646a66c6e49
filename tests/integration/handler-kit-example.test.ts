import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, expect, it, vi } from 'vitest';
import { db } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { handler } from '../../functions/handlers/create-session';
import { handler as startSessionWork } from '../../functions/streams/start-session-work';
import {
  httpEvent,
  lambdaContext,
  sampleAvailability,
  sampleProfile,
  streamRecordEvent,
  withTestTable,
} from '../support/handler-kit';

const table = withTestTable();
afterEach(() => vi.useRealTimers());

it('books a free consultation: 201, the claim in the table, the follow-ups started from its stream record', async () => {
  vi.useFakeTimers({ now: new Date('2026-03-02T08:00:00Z'), toFake: ['Date'] });
  await table.put(
    sampleProfile('coach-1', 'mentor', { published: true, offersFreeConsult: true, freeConsultMinutes: 15 }),
    sampleAvailability('coach-1', { start: '2026-03-03T09:00:00Z', end: '2026-03-03T12:00:00Z' }),
    sampleProfile('mentee-1', 'mentee'),
  );
  const booking = { coachId: 'coach-1', start: '2026-03-03T10:00:00Z', durationMinutes: 15, freeConsultation: true };
  const event = httpEvent({ method: 'POST', path: '/api/sessions', body: booking, caller: { userId: 'mentee-1' } });

  const response = await handler(event, lambdaContext());

  expect(response).toMatchObject({ statusCode: 201 });
  const { session } = JSON.parse((response as { body: string }).body);
  expect(session).toMatchObject({ status: 'confirmed', start: booking.start, isFreeConsultation: true });
  const key = keys.freeConsultation('mentee-1', 'coach-1');
  const { Item } = await db().send(new GetCommand({ TableName: table.tableName, Key: key }));
  expect(Item).toMatchObject({ sessionId: session.id });

  // The request only writes; the table's stream starts what the write leaves to do.
  expect(table.started).toEqual([]);
  const stored = await db().send(new GetCommand({ TableName: table.tableName, Key: keys.session(session.id) }));
  await startSessionWork(streamRecordEvent({ newImage: stored.Item }));
  expect(table.started).toEqual([{ job: 'finishBooking', sessionId: session.id }]);
});
