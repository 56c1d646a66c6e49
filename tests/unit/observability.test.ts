import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpEvent } from '../../functions/http/handler';

// What a deployed function has (lib/api.ts); set before the modules create their Powertools instances.
vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'physician-mentors');
vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'PhysicianMentors');
vi.stubEnv('STAGE', 'prod');
vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
const { httpHandler } = await import('../../functions/http/handler');
const { log } = await import('../../functions/runtime/log');
const { BUSINESS_METRICS, METRICS_NAMESPACE, POWERTOOLS_ENVIRONMENT, SLOW_CALL_MS, metricDimensions } = await import(
  '../../functions/runtime/metrics'
);
const { jobHandler } = await import('../../functions/runtime/job-handler');
const { httpOperation, timed, timedCall } = await import('../../functions/runtime/dependency-latency');
const { boundedFetch } = await import('../../functions/runtime/dependency-budget');
const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
const { DynamoDBDocumentClient, GetCommand } = await import('@aws-sdk/lib-dynamodb');

const context = (awsRequestId: string) =>
  ({
    awsRequestId,
    functionName: 'createSession',
    invokedFunctionArn: 'arn:aws:lambda:x',
    memoryLimitInMB: '512',
  }) as Context;

const event = (requestId: string) =>
  ({
    version: '2.0',
    routeKey: 'POST /api/things',
    rawPath: '/api/things',
    headers: {},
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/api/things' }, requestId },
  }) as unknown as HttpEvent;

let lines: Record<string, unknown>[] = [];
beforeEach(() => {
  lines = [];
  const capture = (chunk: unknown) => {
    for (const line of String(chunk).split('\n')) if (line.startsWith('{')) lines.push(JSON.parse(line));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env._X_AMZN_TRACE_ID;
});

const logLines = () => lines.filter((line) => !('_aws' in line));
const emfLines = () => lines.filter((line) => '_aws' in line);

describe('Powertools on every function', () => {
  it('reads the service and namespace the deployment sets', () => {
    expect(POWERTOOLS_ENVIRONMENT).toEqual({
      POWERTOOLS_SERVICE_NAME: 'physician-mentors',
      POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
    });
  });

  it('puts the request ids and the cold-start flag on every line, cold only on the first invocation', async () => {
    const handler = httpHandler({}, async () => {
      log('warn', 'inside the operation', { sessionId: 's-1' });
      return { status: 204 };
    });
    await handler(event('api-1'), context('lambda-1'));
    await handler(event('api-2'), context('lambda-2'));

    const [first, firstRequest, second, secondRequest] = logLines();
    expect(logLines()).toHaveLength(4);
    expect(first).toMatchObject({
      level: 'WARN',
      message: 'inside the operation',
      sessionId: 's-1',
      service: 'physician-mentors',
      function_request_id: 'lambda-1',
      correlation_id: 'api-1',
      cold_start: true,
    });
    expect(firstRequest).toMatchObject({
      message: 'request',
      route: 'POST /api/things',
      status: 204,
      function_request_id: 'lambda-1',
      correlation_id: 'api-1',
      cold_start: true,
    });
    expect(typeof firstRequest?.durationMs).toBe('number');
    for (const line of [second, secondRequest]) {
      expect(line).toMatchObject({ function_request_id: 'lambda-2', correlation_id: 'api-2', cold_start: false });
    }
  });

  it('counts a failure metric in EMF when the operation answers 5xx, and not for a 4xx', async () => {
    const handler = httpHandler({ failureMetric: BUSINESS_METRICS.webhookFailures }, async () => {
      throw new Error('the table is gone');
    });
    const result = (await handler(event('api-3'), context('lambda-3'))) as APIGatewayProxyStructuredResultV2;
    expect(result.statusCode).toBe(500);
    expect(emfLines()).toHaveLength(1);
    const [emf] = emfLines() as [{ _aws: { CloudWatchMetrics: unknown[] } } & Record<string, unknown>];
    expect(emf._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: METRICS_NAMESPACE,
        Dimensions: [Object.keys(metricDimensions('prod'))],
        Metrics: [{ Name: 'WebhookFailures', Unit: 'Count' }],
      },
    ]);
    expect(emf).toMatchObject({ ...metricDimensions('prod'), WebhookFailures: 1 });
    expect(logLines().find((line) => line.message === 'unhandled error')).toMatchObject({
      level: 'ERROR',
      function_request_id: 'lambda-3',
      error: { name: 'Error', message: 'the table is gone' },
    });

    lines = [];
    const refused = httpHandler({ failureMetric: BUSINESS_METRICS.webhookFailures }, async () => ({ status: 400 }));
    await refused(event('api-4'), context('lambda-4'));
    expect(emfLines()).toEqual([]);
  });

  it('logs and counts a failed job, then rethrows it for the scheduler to retry', async () => {
    const job = jobHandler('finishBooking', async () => {
      throw new Error('Zoom is down');
    });
    await expect(job({ sessionId: 's-2' }, context('lambda-5'))).rejects.toThrow('Zoom is down');
    expect(emfLines().map((emf) => emf.JobFailures)).toEqual([1]);
    expect(logLines()).toEqual([
      expect.objectContaining({ level: 'ERROR', message: 'finishBooking failed', job: 'finishBooking' }),
    ]);
    expect(logLines()[0]).toMatchObject({ function_request_id: 'lambda-5' });
  });
});

describe('tracing without the X-Ray SDK', () => {
  it("puts the invocation's trace id on every line, from _X_AMZN_TRACE_ID as Lambda sets it per invocation", async () => {
    const handler = httpHandler({}, async () => {
      log('info', 'inside the operation');
      return { status: 204 };
    });
    process.env._X_AMZN_TRACE_ID = 'Root=1-67891233-abcdef012345678912345678;Parent=53995c3f42cd8ad8;Sampled=1';
    await handler(event('api-5'), context('lambda-6'));
    process.env._X_AMZN_TRACE_ID = 'Root=1-67891234-00000000000000000000000b;Parent=53995c3f42cd8ad9;Sampled=0';
    await handler(event('api-6'), context('lambda-7'));

    expect(logLines().map((line) => [line.function_request_id, line.xray_trace_id])).toEqual([
      ['lambda-6', '1-67891233-abcdef012345678912345678'],
      ['lambda-6', '1-67891233-abcdef012345678912345678'],
      ['lambda-7', '1-67891234-00000000000000000000000b'],
      ['lambda-7', '1-67891234-00000000000000000000000b'],
    ]);
  });

  it('times every command of an AWS SDK client as DependencyLatency by service and operation, failed ones too', async () => {
    // Nothing listens on port 9: the call fails at once, and is still timed.
    const client = timed(new DynamoDBClient({ endpoint: 'http://127.0.0.1:9', region: 'us-east-1', maxAttempts: 1 }));
    const documents = DynamoDBDocumentClient.from(client);
    await expect(documents.send(new GetCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' } }))).rejects.toThrow();

    const [emf] = emfLines() as [{ _aws: { CloudWatchMetrics: unknown[] } } & Record<string, unknown>];
    expect(emfLines()).toHaveLength(1);
    expect(emf._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: METRICS_NAMESPACE,
        Dimensions: [[...Object.keys(metricDimensions('prod')), 'dependency', 'operation']],
        Metrics: [{ Name: 'DependencyLatency', Unit: 'Milliseconds' }],
      },
    ]);
    expect(emf).toMatchObject({ ...metricDimensions('prod'), dependency: 'DynamoDB', operation: 'GetItem' });
    expect(typeof emf.DependencyLatency).toBe('number');
  });

  it('logs a call at or over its slow threshold with its duration, and not one under it', async () => {
    const clock = vi.spyOn(performance, 'now');
    clock.mockReturnValueOnce(1_000).mockReturnValueOnce(1_000 + SLOW_CALL_MS.Stripe);
    await timedCall('Stripe', 'createCheckout', async () => 'ok');
    clock.mockReturnValueOnce(2_000).mockReturnValueOnce(2_099);
    await timedCall('DynamoDB', 'Query', async () => 'ok');
    clock.mockReturnValueOnce(3_000).mockReturnValueOnce(3_100);
    await expect(
      timedCall('DynamoDB', 'TransactWriteItems', async () => {
        throw new Error('conditional check failed');
      }),
    ).rejects.toThrow('conditional check failed');

    expect(logLines()).toEqual([
      expect.objectContaining({
        level: 'WARN',
        message: 'slow dependency call',
        dependency: 'Stripe',
        operation: 'createCheckout',
        durationMs: SLOW_CALL_MS.Stripe,
        failed: false,
      }),
      expect.objectContaining({
        dependency: 'DynamoDB',
        operation: 'TransactWriteItems',
        durationMs: 100,
        failed: true,
      }),
    ]);
    expect(emfLines().map((emf) => [emf.dependency, emf.operation, emf.DependencyLatency])).toEqual([
      ['Stripe', 'createCheckout', SLOW_CALL_MS.Stripe],
      ['DynamoDB', 'Query', 99],
      ['DynamoDB', 'TransactWriteItems', 100],
    ]);
  });

  it('names an outbound request by method and path with its ids left out, so operations stay few', async () => {
    expect(httpOperation('post', 'https://zoom.us/oauth/token?grant_type=x')).toBe('POST /oauth/token');
    expect(httpOperation('DELETE', 'https://api.zoom.us/v2/meetings/85746065432')).toBe('DELETE /v2/meetings/{id}');
    expect(
      httpOperation(undefined, 'https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2/invitees/AAAAAAAAAAAAAAAA'),
    ).toBe('GET /scheduled_events/{id}/invitees/{id}');

    await expect(boundedFetch('Zoom', 'http://127.0.0.1:9/v2/users/me/meetings', { method: 'POST' })).rejects.toThrow(
      'Zoom is unavailable',
    );
    expect(emfLines().map((emf) => [emf.dependency, emf.operation])).toEqual([['Zoom', 'POST /v2/users/me/meetings']]);
  });
});
