import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestLog, serveRequestLog } from '../../bin/local/request-log';

/** `/_local/logs`: what the stand-ins answered the product, by provider, newest last. */

const log = new RequestLog(() => Date.parse('2026-11-27T10:00:00Z'));
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/_local/logs') return serveRequestLog(req, res, url, log);
    log.recordOnAnswer('zoom', req, res, { action: 'CreateMeeting' });
    res.writeHead(url.pathname === '/missing' ? 404 : 201);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the request log', () => {
  it('lists each answered call with its status, per provider, and clears one provider', async () => {
    log.record({ provider: 'stripe', method: 'POST', path: '/v1/refunds', status: 200, idempotencyKey: 'k1' });
    await fetch(`${base}/users/me/meetings`, { method: 'POST' });
    await fetch(`${base}/missing`);

    const zoom = await (await fetch(`${base}/_local/logs?provider=zoom`)).json();
    expect(zoom.requests).toEqual([
      {
        provider: 'zoom',
        method: 'POST',
        path: '/users/me/meetings',
        action: 'CreateMeeting',
        status: 201,
        at: '2026-11-27T10:00:00.000Z',
      },
      {
        provider: 'zoom',
        method: 'GET',
        path: '/missing',
        action: 'CreateMeeting',
        status: 404,
        at: '2026-11-27T10:00:00.000Z',
      },
    ]);
    expect((await (await fetch(`${base}/_local/logs`)).json()).requests).toHaveLength(3);

    expect((await fetch(`${base}/_local/logs?provider=zoom`, { method: 'DELETE' })).status).toBe(200);
    expect((await (await fetch(`${base}/_local/logs`)).json()).requests).toEqual([
      expect.objectContaining({ provider: 'stripe', path: '/v1/refunds', idempotencyKey: 'k1' }),
    ]);
  });

  it('refuses a provider it does not know', async () => {
    const answer = await fetch(`${base}/_local/logs?provider=paypal`);
    expect(answer.status).toBe(400);
    expect((await answer.json()).message).toMatch(/^provider is one of stripe, ses/);
  });
});
