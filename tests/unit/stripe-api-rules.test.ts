import { describe, expect, it } from 'vitest';
import { StripeApiError, invalidParameter } from '../../bin/local/stripe-api/errors';
import { Expandable, expanded } from '../../bin/local/stripe-api/expand';
import { idempotencyKeys } from '../../bin/local/stripe-api/idempotency';
import { listPage } from '../../bin/local/stripe-api/lists';
import { Params, parseStripeForm } from '../../bin/local/stripe-api/params';
import { rateLimiter } from '../../bin/local/stripe-api/rate-limit';

/** The Stripe error a call threw, as its status and `error` body. */
function refusalOf(call: () => unknown) {
  try {
    call();
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, ...error.error };
    throw error;
  }
  throw new Error('not refused');
}

async function refusalOfAsync(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, ...error.error };
    throw error;
  }
  throw new Error('not refused');
}

describe("Stripe's form encoding", () => {
  it('nests brackets into hashes and indexed or empty brackets into lists, as the SDK and curl send them', () => {
    const form = parseStripeForm(
      'line_items[0][price_data][unit_amount]=500&line_items[0][quantity]=1&line_items[1][quantity]=2' +
        '&metadata[userId]=u%201&expand[]=latest_charge&expand[]=customer&payment_method_types[0]=card&email=a%40b.c',
    );
    expect(form).toEqual({
      line_items: [{ price_data: { unit_amount: '500' }, quantity: '1' }, { quantity: '2' }],
      metadata: { userId: 'u 1' },
      expand: ['latest_charge', 'customer'],
      payment_method_types: ['card'],
      email: 'a@b.c',
    });
  });

  it('keeps a hash whose keys only look like numbers when they are not 0, 1, … in order', () => {
    expect(parseStripeForm('metadata[2]=b&metadata[0]=a')).toEqual({ metadata: { '2': 'b', '0': 'a' } });
  });

  it('refuses a name given twice for one place, and a value where a hash was started', () => {
    expect(refusalOf(() => parseStripeForm('amount=1&amount=2'))).toMatchObject({ status: 400, param: 'amount' });
    expect(refusalOf(() => parseStripeForm('metadata=x&metadata[a]=b'))).toMatchObject({ status: 400 });
  });
});

describe("Stripe's parameters", () => {
  const params = new Params(parseStripeForm('amount=12x&line_items[0][quantity]=1&flag=yes&nested[a]=1'));

  it('names the parameter at fault in bracket syntax, with Stripe’s codes', () => {
    expect(refusalOf(() => params.integer('amount'))).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'amount',
    });
    expect(refusalOf(() => params.hashes('line_items')[0]?.integer('unit_amount', 'required'))).toMatchObject({
      code: 'parameter_missing',
      param: 'line_items[0][unit_amount]',
      message: 'Missing required param: line_items[0][unit_amount].',
    });
    expect(refusalOf(() => params.boolean('flag'))).toMatchObject({ param: 'flag' });
    expect(refusalOf(() => params.hash('nested').only('b'))).toMatchObject({
      code: 'parameter_unknown',
      param: 'nested[a]',
      message: 'Received unknown parameter: nested[a]',
    });
  });

  it('refuses more than 50 metadata keys, as Stripe does', () => {
    const many = Array.from({ length: 51 }, (_, index) => `metadata[k${index}]=v`).join('&');
    expect(refusalOf(() => new Params(parseStripeForm(many)).metadata())).toMatchObject({ param: 'metadata' });
  });
});

describe('a list page', () => {
  const items = ['e', 'd', 'c', 'b', 'a'].map((id) => ({ id }));
  const page = (query: string) => listPage(items, new Params(parseStripeForm(query)), '/v1/things', 'thing');

  it('is cut by limit, after starting_after or before ending_before, and says whether more follow', () => {
    expect(page('limit=2')).toEqual({
      object: 'list',
      data: [{ id: 'e' }, { id: 'd' }],
      has_more: true,
      url: '/v1/things',
    });
    expect(page('limit=2&starting_after=d').data).toEqual([{ id: 'c' }, { id: 'b' }]);
    expect(page('limit=2&starting_after=b')).toMatchObject({ data: [{ id: 'a' }], has_more: false });
    expect(page('limit=2&ending_before=b')).toMatchObject({ data: [{ id: 'd' }, { id: 'c' }], has_more: true });
    expect(page('').data).toHaveLength(5);
  });

  it('refuses a limit outside 1–100 and a cursor that is not in the list', () => {
    expect(refusalOf(() => page('limit=101'))).toMatchObject({ param: 'limit' });
    expect(refusalOf(() => page('limit=0'))).toMatchObject({ param: 'limit' });
    expect(refusalOf(() => page('starting_after=z'))).toMatchObject({
      code: 'resource_missing',
      param: 'starting_after',
    });
  });
});

describe('expand', () => {
  const charge = () => ({
    id: 'ch_1',
    object: 'charge',
    balance_transaction: new Expandable('txn_1', async () => ({
      id: 'txn_1',
      source: new Expandable('ch_1', async () => ({ id: 'ch_1' })),
    })),
    metadata: {},
  });

  it('answers ids unless a field is expanded, then the object, to four levels and into lists', async () => {
    expect(JSON.parse(JSON.stringify(charge()))).toMatchObject({ balance_transaction: 'txn_1' });
    expect(JSON.parse(JSON.stringify(await expanded(charge(), ['balance_transaction'])))).toMatchObject({
      balance_transaction: { id: 'txn_1', source: 'ch_1' },
    });
    const list = { object: 'list', data: [charge(), charge()] };
    const deep = JSON.parse(JSON.stringify(await expanded(list, ['data.balance_transaction.source'])));
    expect(deep.data[1].balance_transaction.source).toEqual({ id: 'ch_1' });
  });

  it('refuses a field that cannot be expanded, and more than four levels', async () => {
    expect(await refusalOfAsync(expanded(charge(), ['metadata']))).toMatchObject({
      status: 400,
      param: 'expand',
      message: 'This property cannot be expanded (metadata).',
    });
    expect(await refusalOfAsync(expanded(charge(), ['a.b.c.d.e']))).toMatchObject({ param: 'expand' });
  });
});

describe('idempotency keys', () => {
  const request = (amount: string) => ({ endpoint: 'POST /v1/refunds', parameters: { amount, metadata: { a: '1' } } });

  it('answer the first answer again for the same request, and refuse other parameters or another endpoint', async () => {
    const withKey = idempotencyKeys();
    let runs = 0;
    const run = async () => ({ status: 200, body: `{"run":${++runs}}` });
    expect(await withKey('k', request('5'), run)).toEqual({ status: 200, body: '{"run":1}', replayed: false });
    expect(
      await withKey('k', { endpoint: 'POST /v1/refunds', parameters: { metadata: { a: '1' }, amount: '5' } }, run),
    ).toEqual({
      status: 200,
      body: '{"run":1}',
      replayed: true,
    });
    expect(await refusalOfAsync(withKey('k', request('6'), run))).toMatchObject({
      status: 400,
      type: 'idempotency_error',
    });
    expect(
      await refusalOfAsync(withKey('k', { endpoint: 'POST /v1/transfers', parameters: request('5').parameters }, run)),
    ).toMatchObject({ status: 400, type: 'idempotency_error', message: expect.stringContaining('same endpoint') });
    expect(runs).toBe(1);
  });

  it('keep the answer of a request that ran, a 500 or a 4xx refusal too, and refuse a key still running', async () => {
    const withKey = idempotencyKeys();
    const failing = async () => ({ status: 500, body: 'down' });
    await withKey('five', request('5'), failing);
    expect(await withKey('five', request('5'), async () => ({ status: 200, body: 'ok' }))).toMatchObject({
      status: 500,
      replayed: true,
    });
    await withKey('four', request('5'), async () => ({ status: 400, body: 'balance_insufficient' }));
    expect(await withKey('four', request('5'), async () => ({ status: 200, body: 'ok' }))).toEqual({
      status: 400,
      body: 'balance_insufficient',
      replayed: true,
    });

    let finish: (answer: { status: number; body: string }) => void = () => undefined;
    const first = withKey('slow', request('5'), () => new Promise((resolve) => (finish = resolve)));
    expect(await refusalOfAsync(withKey('slow', request('5'), failing))).toMatchObject({
      status: 409,
      code: 'idempotency_key_in_use',
    });
    finish({ status: 200, body: 'done' });
    expect(await first).toMatchObject({ body: 'done' });
  });

  it('keep nothing for a request refused before it ran, so the same key may be sent again', async () => {
    const withKey = idempotencyKeys();
    const invalid = async (): Promise<never> => {
      throw invalidParameter('Invalid positive integer', { param: 'amount' });
    };
    expect(await refusalOfAsync(withKey('k', request('0'), invalid))).toMatchObject({ status: 400, param: 'amount' });
    expect(await withKey('k', request('5'), async () => ({ status: 200, body: 'ok' }))).toEqual({
      status: 200,
      body: 'ok',
      replayed: false,
    });
  });

  it('are forgotten after 24 hours', async () => {
    let now = 0;
    const withKey = idempotencyKeys(() => now);
    await withKey('k', request('5'), async () => ({ status: 200, body: 'first' }));
    now = 24 * 60 * 60_000 + 1;
    expect(await withKey('k', request('6'), async () => ({ status: 200, body: 'second' }))).toMatchObject({
      body: 'second',
    });
  });
});

describe('the rate limit', () => {
  it('admits 25 requests a second to one endpoint, refuses the 26th with 429 rate_limit, and counts each endpoint apart', () => {
    let now = 0;
    const admit = rateLimiter(() => now);
    for (let request = 0; request < 25; request++) admit('GET /v1/accounts/:id');
    expect(refusalOf(() => admit('GET /v1/accounts/:id'))).toMatchObject({ status: 429, code: 'rate_limit' });
    expect(() => admit('POST /v1/refunds')).not.toThrow();
    now = 1001;
    expect(() => admit('GET /v1/accounts/:id')).not.toThrow();
  });
});
