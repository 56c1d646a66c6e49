import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/data/keys';
import { handler } from '../../functions/handlers/get-free-consultation-eligibility';
import { httpEvent, lambdaContext, sampleProfile, withTestTable, type TestCaller } from '../support/handler-kit';

const table = withTestTable();
const mentee: TestCaller = { userId: 'mentee-1' };

const coach = (userId: string, offersFreeConsult: boolean) =>
  sampleProfile(userId, 'mentor', { published: true, firstName: 'Free', offersFreeConsult });

const eligibility = async (coachId: string, caller: TestCaller | null = mentee) => {
  const event = httpEvent({
    method: 'GET',
    path: `/api/me/free-consultations/${coachId}`,
    caller: caller ?? undefined,
  });
  const response = (await handler(event, lambdaContext())) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode, body: JSON.parse(response.body ?? 'null') };
};

beforeAll(async () => {
  await table.put(coach('offers', true), coach('declines', false), coach('used', true), {
    ...keys.freeConsultation(mentee.userId, 'used'),
    sessionId: 'earlier',
  });
});

describe('GET /api/me/free-consultations/{coachId}', () => {
  it('is eligible when the coach offers one and it was never used', async () => {
    expect(await eligibility('offers')).toEqual({ status: 200, body: { eligible: true } });
  });

  it('is not eligible when the coach does not offer one', async () => {
    expect((await eligibility('declines')).body).toEqual({ eligible: false });
  });

  it('is not eligible once this mentee used it with this coach', async () => {
    expect((await eligibility('used')).body).toEqual({ eligible: false });
  });

  it("is eligible with a coach another mentee's free consultation was used with", async () => {
    expect((await eligibility('used', { userId: 'mentee-2' })).body).toEqual({ eligible: true });
  });

  it('answers 404 for an unknown coach', async () => {
    expect((await eligibility('nobody')).status).toBe(404);
  });

  it('answers 401 without a signed-in caller (the local server checks tokens as the authorizer does: accounts-api)', async () => {
    expect((await eligibility('offers', null)).status).toBe(401);
  });
});
