import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTE_API_PREFIX } from '../../bin/local/api-server';
import { ORIGIN_HEADER } from '../../functions/adapters/origin-secret';
import { freshKeyAt } from '../../functions/http/edge-cache';
import { mentorProfile, storeProfile } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUser } from '../support/users';

let stack: TestStack;
let mentee: SignedInUser;

const api = (path: string, init: RequestInit = {}) => fetch(`${stack.apiUrl}${path}`, init);

beforeAll(async () => {
  stack = await startTestStack();
  mentee = await signedInUser(stack.config);
  await storeProfile(mentorProfile('edges-coach', { hourlyRateCents: 12_000 }));
});

afterAll(async () => {
  await stack?.dispose();
});

describe('one way in', () => {
  it("refuses a call that skips CloudFront (API Gateway's own address), whatever origin header it makes up", async () => {
    expect((await api('/api/coaches')).status).toBe(200);
    for (const headers of [{}, { [ORIGIN_HEADER]: 'guessed' }] as Record<string, string>[]) {
      const direct = await api(`${EXECUTE_API_PREFIX}/api/coaches`, { headers });
      expect(direct.status).toBe(403);
      expect(await direct.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
    const signedIn = await api(`${EXECUTE_API_PREFIX}/api/me`, { headers: mentee.auth });
    expect(signedIn.status).toBe(403);
    expect((await api(`${EXECUTE_API_PREFIX}/coaches`)).status).toBe(403);
  });

  it("takes slots' cache-busting key only as the clock's current step", async () => {
    const from = new Date(Date.now() + 60 * 60_000).toISOString();
    const to = new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString();
    const slots = (fresh: string) =>
      api(`/api/coaches/edges-coach/slots?${new URLSearchParams({ from, to, duration: '30', fresh })}`);
    expect((await slots(freshKeyAt(Date.now()))).status).toBe(200);
    for (const fresh of [String(Date.now()), freshKeyAt(Date.now() - 10 * 60_000), 'abc']) {
      const refused = await slots(fresh);
      expect(refused.status, fresh).toBe(400);
      expect((await refused.json()).error.details).toEqual([{ field: 'query.fresh', message: expect.any(String) }]);
    }
  });
});
