import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { profileRow } from '../../functions/data/profiles';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUser } from '../support/users';

let stack: TestStack;
let mentee: SignedInUser;

const coach = (userId: string, offersFreeConsult: boolean) =>
  profileRow({
    userId,
    email: `${userId}@example.test`,
    userType: 'mentor',
    published: true,
    firstName: 'Free',
    lastName: userId,
    offersFreeConsult,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  });

const put = (item: Record<string, unknown>) => db().send(new PutCommand({ TableName: tableName(), Item: item }));
const eligibility = (coachId: string, headers: Record<string, string> = mentee.auth) =>
  fetch(`${stack.apiUrl}/api/me/free-consultations/${coachId}`, { headers });

beforeAll(async () => {
  stack = await startTestStack();
  mentee = await signedInUser(stack.config);
  await Promise.all([put(coach('offers', true)), put(coach('declines', false)), put(coach('used', true))]);
  await put({ ...keys.freeConsultation(mentee.userId, 'used'), sessionId: 'earlier' });
});

afterAll(async () => {
  await stack?.dispose();
});

describe('GET /api/me/free-consultations/{coachId}', () => {
  it('is eligible when the coach offers one and it was never used', async () => {
    expect(await (await eligibility('offers')).json()).toEqual({ eligible: true });
  });

  it('is not eligible when the coach does not offer one', async () => {
    expect(await (await eligibility('declines')).json()).toEqual({ eligible: false });
  });

  it('is not eligible once this mentee used it with this coach', async () => {
    expect(await (await eligibility('used')).json()).toEqual({ eligible: false });
  });

  it('answers 404 for an unknown coach', async () => {
    expect((await eligibility('nobody')).status).toBe(404);
  });

  it('needs a valid token, as the JWT authorizer does', async () => {
    expect((await eligibility('offers', {})).status).toBe(401);
    expect((await eligibility('offers', { authorization: 'Bearer not.a.token' })).status).toBe(401);
    const forged = `${mentee.accessToken.slice(0, -4)}AAAA`;
    expect((await eligibility('offers', { authorization: `Bearer ${forged}` })).status).toBe(401);
  });
});
