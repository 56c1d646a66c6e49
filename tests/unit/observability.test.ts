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
const { log } = await import('../../functions/http/log');
const { BUSINESS_METRICS, METRICS_NAMESPACE, POWERTOOLS_ENVIRONMENT, metricDimensions } = await import(
  '../../functions/http/metrics'
);
const { jobHandler } = await import('../../functions/jobs/job-handler');

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
afterEach(() => vi.restoreAllMocks());

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
