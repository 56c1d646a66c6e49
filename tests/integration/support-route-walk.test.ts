import { randomUUID } from 'node:crypto';
import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { db, tableName } from '../../functions/data/client';
import { SUPPORT_GROUP } from '../../functions/domain/support-group';
import { type Route, routes } from '../../functions/routes';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUser } from '../support/users';

/**
 * Every `/api/support/*` route of the route table, whichever exist when this runs: a signed-in
 * user outside the support group gets 403 FORBIDDEN, a member without two-step verification 403
 * MFA_REQUIRED, and neither changes anything (the table, the calls to the providers).
 */

let stack: TestStack;
let outsider: SignedInUser;
let supportWithoutMfa: SignedInUser;

beforeAll(async () => {
  stack = await startTestStack();
  outsider = await signedInUser(stack.config);
  supportWithoutMfa = await signedInUser(stack.config, undefined, [SUPPORT_GROUP]);
});

afterAll(async () => {
  await stack?.dispose();
});

const supportRoutes = routes.filter((route) => route.path.startsWith('/api/support/'));

/**
 * A request each route would take from staff: its path parameters valid-looking ids, and a body and
 * query holding what any of the console's inputs asks for (functions/schemas/support.ts), so a
 * refusal is the guard's and not the input's.
 */
function plausibleRequest(route: Route): { url: string; init: RequestInit } {
  const path = route.path.replace(/\{[^}]+\}/g, () => randomUUID());
  const query = new URLSearchParams({ q: 'jordan', status: 'open' });
  const body = {
    reason: 'Route walk',
    note: 'Route walk',
    resolution: 'refund_mentee',
    refund: 'full',
    action: 'dismiss',
  };
  return {
    url: `${stack.apiUrl}${path}${route.method === 'GET' ? `?${query}` : ''}`,
    init: {
      method: route.method,
      headers: { 'content-type': 'application/json' },
      ...(route.method === 'GET' ? {} : { body: JSON.stringify(body) }),
    },
  };
}

async function everyItem(): Promise<unknown[]> {
  const items: unknown[] = [];
  let startKey: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

it('finds the support routes in the route table', () => {
  expect(supportRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(
    expect.arrayContaining(['POST /api/support/sessions/{id}/resolve', 'GET /api/support/audit']),
  );
});

it('refuses every support route to a user outside the group and to a member without two-step verification, changing nothing', async () => {
  const itemsBefore = await everyItem();
  const callsBefore = stack.requestLog.list().length;
  for (const route of supportRoutes) {
    for (const [caller, code] of [
      [outsider, 'FORBIDDEN'],
      [supportWithoutMfa, 'MFA_REQUIRED'],
    ] as const) {
      const { url, init } = plausibleRequest(route);
      const answer = await fetch(url, { ...init, headers: { ...init.headers, ...caller.auth } });
      const label = `${route.method} ${route.path} as ${code === 'FORBIDDEN' ? 'an outsider' : 'support without MFA'}`;
      expect(answer.status, label).toBe(403);
      expect(((await answer.json()) as { error: { code: string } }).error.code, label).toBe(code);
    }
  }
  await stack.jobsSettled();
  expect(await everyItem()).toEqual(itemsBefore);
  expect(stack.requestLog.list().slice(callsBefore)).toEqual([]);
});
