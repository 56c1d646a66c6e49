import { createHmac } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signStripeEvent, verifyStripeEvent } from '../../functions/adapters/stripe-events';
import { DomainError } from '../../functions/domain/errors';
import { rawBody } from '../../functions/http/raw-body';

const SECRET = 'whsec_platform_endpoint';
const CONNECT_SECRET = 'whsec_connect_endpoint';
const BOTH = [SECRET, CONNECT_SECRET];

const accountUpdated = {
  id: 'evt_local_1',
  object: 'event',
  type: 'account.updated',
  created: 1_790_000_000,
  data: { object: { id: 'acct_local_1', object: 'account', charges_enabled: true } },
};

const rejection = (verify: () => unknown) => {
  try {
    verify();
  } catch (error) {
    return error;
  }
  throw new Error('verification passed');
};

describe('Stripe webhook signatures (the stand-in signs and production verifies with the same code)', () => {
  it('signs as Stripe does: t=<seconds>,v1=HMAC-SHA256(secret, "<t>.<body>")', () => {
    const { body, signature } = signStripeEvent(accountUpdated, SECRET);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
    expect(match).not.toBeNull();
    const [, timestamp, mac] = match as RegExpExecArray;
    expect(mac).toBe(createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex'));
  });

  it('verifies a signed account.updated and names the account', () => {
    const { body, signature } = signStripeEvent(accountUpdated, SECRET);
    expect(verifyStripeEvent(body, signature, BOTH)).toEqual({
      id: 'evt_local_1',
      kind: 'accountUpdated',
      accountId: 'acct_local_1',
    });
  });

  it('accepts an event signed by either endpoint (platform or Connect), and one signed by neither not', () => {
    for (const secret of BOTH) {
      const { body, signature } = signStripeEvent(accountUpdated, secret);
      expect(verifyStripeEvent(body, signature, BOTH)).toMatchObject({ kind: 'accountUpdated' });
    }
    const other = signStripeEvent(accountUpdated, 'whsec_another_platform');
    expect(rejection(() => verifyStripeEvent(other.body, other.signature, BOTH))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const connectOnly = signStripeEvent(accountUpdated, CONNECT_SECRET);
    expect(rejection(() => verifyStripeEvent(connectOnly.body, connectOnly.signature, [SECRET]))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('passes other event types through as unhandled', () => {
    const { body, signature } = signStripeEvent({ ...accountUpdated, type: 'payout.paid' }, SECRET);
    expect(verifyStripeEvent(body, signature, BOTH)).toEqual({
      id: 'evt_local_1',
      kind: 'unhandled',
      type: 'payout.paid',
    });
  });

  it.each([
    [
      'a tampered body',
      (body: string, signature: string) => verifyStripeEvent(body.replace('true', 'false'), signature, BOTH),
    ],
    ['a wrong secret', (body: string, signature: string) => verifyStripeEvent(body, signature, ['whsec_someone_else'])],
    ['a missing header', (body: string) => verifyStripeEvent(body, undefined, BOTH)],
    ['a garbled header', (body: string) => verifyStripeEvent(body, 't=1,v1=00', BOTH)],
  ])('refuses %s with 400 VALIDATION_FAILED', (_case, verify) => {
    const { body, signature } = signStripeEvent(accountUpdated, SECRET);
    const error = rejection(() => verify(body, signature));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a correctly signed but replayed old delivery (older than Stripe’s 5-minute tolerance)', () => {
    const body = JSON.stringify(accountUpdated);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: SECRET,
      timestamp: sixMinutesAgo,
    });
    expect(rejection(() => verifyStripeEvent(body, signature, BOTH))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('verifies the exact bytes of a body API Gateway delivered base64-encoded', () => {
    const { body, signature } = signStripeEvent({ ...accountUpdated, note: 'Zoë — café' }, SECRET);
    const event = {
      body: Buffer.from(body, 'utf8').toString('base64'),
      isBase64Encoded: true,
    } as APIGatewayProxyEventV2;
    expect(verifyStripeEvent(rawBody(event), signature, BOTH)).toMatchObject({ kind: 'accountUpdated' });
    expect(rawBody({ body, isBase64Encoded: false } as APIGatewayProxyEventV2).toString('utf8')).toBe(body);
  });
});
