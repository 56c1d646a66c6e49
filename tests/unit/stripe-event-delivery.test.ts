import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clockOffsetMs, installLocalClock, setClockOffset } from '../../bin/local/clock';
import {
  deliverToWebhook,
  resetWebhookDelivery,
  runDueWebhookDeliveries,
  serveWebhookDelivery,
  webhookDeliveriesPending,
  webhookDeliveriesSettled,
} from '../../bin/local/stripe-event-delivery';
import type { SignedEvent } from '../../bin/local/stripe-records';
import { signStripeEvent, verifyStripeEvent } from '../../functions/adapters/stripe-events';

const SECRET = 'whsec_delivery_test';

/** What the webhook received, in order, and how it answers each event id (200 unless told). */
let received: string[] = [];
let answers = new Map<string, number[]>();
let webhook: http.Server;
let control: http.Server;
let controlUrl: string;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  webhook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // Throws (an error answer) unless the attempt is signed with the endpoint's secret, as now.
      const { id } = verifyStripeEvent(body, req.headers['stripe-signature'] as string, [SECRET]);
      received.push(id);
      res.writeHead(answers.get(id)?.shift() ?? 200).end();
    });
  });
  control = http.createServer((req, res) => void serveWebhookDelivery(req, res));
  process.env.LOCAL_STRIPE_WEBHOOK_URL = `${await listen(webhook)}/api/webhooks/stripe`;
  controlUrl = `${await listen(control)}/_local/stripe/delivery`;
});

afterEach(() => {
  resetWebhookDelivery();
  received = [];
  answers = new Map();
});

afterAll(async () => {
  delete process.env.LOCAL_STRIPE_WEBHOOK_URL;
  await Promise.all([webhook, control].map((server) => new Promise((resolve) => server.close(resolve))));
});

const event = (id: string): SignedEvent => ({
  ...signStripeEvent(
    { id, object: 'event', type: 'account.updated', created: 1, livemode: false, data: { object: { id: 'acct_1' } } },
    SECRET,
  ),
  secret: SECRET,
});

const burst = (...ids: string[]) => ids.map(event);

const setMode = (body: unknown) =>
  fetch(controlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Moves the local clock on and makes the retries that fall due, as `POST /_local/clock` does. */
async function minutesPass(minutes: number) {
  installLocalClock();
  setClockOffset(clockOffsetMs() + minutes * 60_000);
  runDueWebhookDeliveries();
  await webhookDeliveriesSettled();
}

describe('normal delivery', () => {
  it('sends each event of a burst once, in order, and is done when its first attempts are', async () => {
    await deliverToWebhook(burst('evt_1', 'evt_2', 'evt_3'));
    expect(received).toEqual(['evt_1', 'evt_2', 'evt_3']);
    expect(webhookDeliveriesPending()).toEqual([]);
  });

  it('retries a refused event on the stand-in’s clock, a minute and then two, not in wall time', async () => {
    answers.set('evt_refused', [500, 409]);
    await deliverToWebhook(event('evt_refused'));
    expect(webhookDeliveriesPending()).toEqual([expect.stringContaining('1 attempts failed (last: HTTP 500)')]);
    await minutesPass(0);
    expect(received).toEqual(['evt_refused']);
    await minutesPass(1);
    expect(received).toEqual(['evt_refused', 'evt_refused']);
    await minutesPass(1);
    expect(received).toHaveLength(2);
    await minutesPass(1);
    expect(received).toHaveLength(3);
    expect(webhookDeliveriesPending()).toEqual([]);
  });

  it('gives up three days after the first attempt, as Stripe does, each attempt signed afresh', async () => {
    answers.set(
      'evt_never',
      Array.from({ length: 20 }, () => 503),
    );
    await deliverToWebhook(event('evt_never'));
    for (let minutes = 1; received.length < 20 && webhookDeliveriesPending().length > 0; minutes *= 2) {
      await minutesPass(minutes);
    }
    // A minute, doubling: 12 retries fit in three days, the 13th would not.
    expect(received).toHaveLength(13);
    expect(webhookDeliveriesPending()).toEqual([]);
  });
});

describe('chaos delivery', () => {
  const heldBack = () =>
    webhookDeliveriesPending().map((pending) => pending.replace(/ until .*/, '').replace(/^webhook delivery of /, ''));

  it('sends every event at least twice, shuffled by delays drawn from the seed, which replays them', async () => {
    expect((await setMode({ mode: 'chaos', seed: 7 })).status).toBe(200);
    await deliverToWebhook(burst('evt_a', 'evt_b', 'evt_c'));
    const drawn = heldBack();
    expect(drawn.every((pending) => pending.endsWith('held back'))).toBe(true);
    await webhookDeliveriesSettled();
    for (const id of ['evt_a', 'evt_b', 'evt_c']) {
      expect(received.filter((each) => each === id).length).toBeGreaterThanOrEqual(2);
    }

    resetWebhookDelivery();
    await setMode({ mode: 'chaos', seed: 7 });
    await deliverToWebhook(burst('evt_a', 'evt_b', 'evt_c'));
    expect(heldBack()).toEqual(drawn);
  });

  it('answers its mode and seed, draws one when none is given, and refuses anything else', async () => {
    const drawn = (await (await setMode({ mode: 'chaos' })).json()) as { mode: string; seed: number };
    expect(drawn).toMatchObject({ mode: 'chaos', seed: expect.any(Number), pending: [] });
    expect(await (await fetch(controlUrl)).json()).toEqual({ mode: 'chaos', seed: drawn.seed, pending: [] });
    for (const bad of [
      { mode: 'fast' },
      { mode: 'chaos', seed: -1 },
      { mode: 'chaos', seed: 1.5 },
      { mode: 'normal', seed: 1 },
    ]) {
      expect((await setMode(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await (await setMode({ mode: 'normal' })).json()).toEqual({ mode: 'normal', pending: [] });
  });
});
