import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from '../../functions/schemas/zod';
import { DomainError } from '../../functions/domain/errors';
import { callerGroups } from '../../functions/http/caller';
import { type HttpEvent, httpHandler } from '../../functions/http/handler';
import { MAX_BODY_BYTES } from '../../functions/http/json-body';

const context = { awsRequestId: 'req-1' } as Context;

/** The users support has suspended, as the table would say (every signed-in request asks it). */
const suspended = new Set<string>();
vi.mock('../../functions/data/profiles', () => ({ isSuspended: async (userId: string) => suspended.has(userId) }));

function event(overrides: Partial<HttpEvent> = {}): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/things',
    rawPath: '/api/things',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/api/things' }, requestId: 'req-1' },
    ...overrides,
  } as HttpEvent;
}

async function call(handler: ReturnType<typeof httpHandler>, input: HttpEvent) {
  const result = (await handler(input, context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined };
}

const echo = httpHandler(
  { schemas: { body: z.strictObject({ name: z.string().check(z.minLength(1)) }) } },
  async ({ body }) => ({
    status: 201,
    body,
  }),
);

describe('httpHandler', () => {
  it('passes the validated body to the operation', async () => {
    expect(await call(echo, event({ body: '{"name":"Ada"}' }))).toEqual({ status: 201, body: { name: 'Ada' } });
  });

  it('answers 400 with field details when validation fails', async () => {
    const { status, body } = await call(echo, event({ body: '{"name":"","extra":1}' }));
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['body.name', 'body']),
    );
  });

  it('answers 400 for a body that is not JSON', async () => {
    const { status, body } = await call(echo, event({ body: '{"name":' }));
    expect(status).toBe(400);
    expect(body.error.message).toBe('The request body is not valid JSON.');
  });

  it('answers 413 for a body over the limit, before parsing it', async () => {
    const { status, body } = await call(echo, event({ body: `{"name":"${'x'.repeat(MAX_BODY_BYTES)}"}` }));
    expect(status).toBe(413);
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('decodes a base64-encoded body', async () => {
    const body = Buffer.from('{"name":"Grace"}').toString('base64');
    expect(await call(echo, event({ body, isBase64Encoded: true }))).toEqual({ status: 201, body: { name: 'Grace' } });
  });

  it('maps a domain error to its status and the error envelope', async () => {
    const taken = httpHandler({}, async () => {
      throw new DomainError('SLOT_TAKEN', 'That time was just booked.', [{ start: 'x' }]);
    });
    expect(await call(taken, event())).toEqual({
      status: 409,
      body: { error: { code: 'SLOT_TAKEN', message: 'That time was just booked.', details: [{ start: 'x' }] } },
    });
  });

  it('hides an unexpected error behind a generic 500', async () => {
    const broken = httpHandler({}, async () => {
      throw new Error('connection string with a secret');
    });
    const { status, body } = await call(broken, event());
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('refuses a signed-in operation without verified claims', async () => {
    const me = httpHandler({ auth: true }, async ({ caller }) => ({ status: 200, body: caller }));
    expect((await call(me, event())).status).toBe(401);
    const signedIn = event({
      requestContext: {
        ...event().requestContext,
        authorizer: { jwt: { claims: { sub: 'user-1' }, scopes: [] } },
      } as HttpEvent['requestContext'],
    });
    expect(await call(me, signedIn)).toEqual({ status: 200, body: { userId: 'user-1' } });
  });

  it('refuses a suspended caller’s still-valid token with 403 ACCOUNT_SUSPENDED, before the operation runs', async () => {
    let ran = false;
    const me = httpHandler({ auth: true }, async () => {
      ran = true;
      return { status: 204 };
    });
    const signedIn = event({
      requestContext: {
        ...event().requestContext,
        authorizer: { jwt: { claims: { sub: 'user-2' }, scopes: [] } },
      } as HttpEvent['requestContext'],
    });
    suspended.add('user-2');
    const { status, body } = await call(me, signedIn);
    expect(status).toBe(403);
    expect(body.error.code).toBe('ACCOUNT_SUSPENDED');
    expect(ran).toBe(false);
  });
});

describe('the caller’s groups', () => {
  const withGroups = (claim: unknown) =>
    event({
      requestContext: {
        ...event().requestContext,
        authorizer: { jwt: { claims: { sub: 'user-1', 'cognito:groups': claim }, scopes: [] } },
      } as HttpEvent['requestContext'],
    });

  it.each([
    ['API Gateway’s bracketed string', '[finance admins]', ['finance', 'admins']],
    ['one group', '[finance]', ['finance']],
    ['an array', ['finance'], ['finance']],
    ['no claim', undefined, []],
  ])('reads %s', (_case, claim, groups) => {
    expect(callerGroups(withGroups(claim))).toEqual(groups);
  });
});
