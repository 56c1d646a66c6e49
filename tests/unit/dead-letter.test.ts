import { describe, expect, it } from 'vitest';
import { deadLetterOf, jobOfFunctionArn, type QueuedMessage } from '../../functions/domain/dead-letter';

const SENT_AT = Date.parse('2026-11-28T04:00:00.000Z');
const FUNCTION_ARN = 'arn:aws:lambda:us-east-1:111111111111:function:physician-mentors-prod-refundSession';

const message = (body: unknown, attributes: Record<string, string> = {}): QueuedMessage => ({
  messageId: '5fea7756-0ea4-451a-a703-a558b933e274',
  body: typeof body === 'string' ? body : JSON.stringify(body),
  attributes: { SentTimestamp: String(SENT_AT) },
  messageAttributes: Object.fromEntries(
    Object.entries(attributes).map(([name, stringValue]) => [name, { stringValue }]),
  ),
});

describe('a dead letter read from the queue', () => {
  it('of an invocation that failed every retry names the job, its session, the error, the tries and the payload', () => {
    const letter = deadLetterOf(
      message({
        version: '1.0',
        requestContext: {
          functionArn: `${FUNCTION_ARN}:$LATEST`,
          condition: 'RetriesExhausted',
          approximateInvokeCount: 3,
        },
        requestPayload: { sessionId: 's-1', try: 6 },
        responseContext: { statusCode: 200, functionError: 'Unhandled' },
        responsePayload: { errorType: 'StripeConnectionError', errorMessage: 'Stripe did not answer' },
      }),
    );
    expect(letter).toEqual({
      id: `${SENT_AT}-5fea7756-0ea4-451a-a703-a558b933e274`,
      kind: 'refundSession',
      subject: 'session:s-1',
      lastError: 'Stripe did not answer',
      tries: 3,
      at: '2026-11-28T04:00:00.000Z',
      payload: '{"sessionId":"s-1","try":6}',
    });
  });

  it('of an invocation too old to run says so, having no response', () => {
    const letter = deadLetterOf(
      message({
        requestContext: { functionArn: FUNCTION_ARN, condition: 'EventAgeExceeded', approximateInvokeCount: 1 },
        requestPayload: {},
      }),
    );
    expect(letter).toMatchObject({
      kind: 'refundSession',
      subject: null,
      lastError: 'EventAgeExceeded',
      payload: '{}',
    });
  });

  it('of a stream batch has nothing to run again', () => {
    const letter = deadLetterOf(
      message({
        requestContext: {
          functionArn: 'arn:aws:lambda:us-east-1:111111111111:function:physician-mentors-prod-startSessionWork',
          condition: 'RetryAttemptsExhausted',
          approximateInvokeCount: 11,
        },
        DDBStreamBatchInfo: { shardId: 'shardId-1', startSequenceNumber: '1', endSequenceNumber: '9', batchSize: 3 },
      }),
    );
    expect(letter).toMatchObject({ kind: 'startSessionWork', tries: 11, payload: null, subject: null });
  });

  it('of a schedule Scheduler could not deliver keeps its input and reads why from the attributes', () => {
    const letter = deadLetterOf(
      message('{"sessionId":"s-2"}', {
        TARGET_ARN: `${FUNCTION_ARN.replace('refundSession', 'completeSession')}`,
        ERROR_CODE: 'AWS.Scheduler.TargetThrottled',
        ERROR_MESSAGE: 'Rate exceeded',
        RETRY_ATTEMPTS: '3',
      }),
    );
    expect(letter).toMatchObject({
      kind: 'completeSession',
      subject: 'session:s-2',
      lastError: 'Rate exceeded',
      tries: 4,
      payload: '{"sessionId":"s-2"}',
    });
  });

  it('sorts by when it landed: a zero-padded instant first', () => {
    const early = deadLetterOf({ ...message('{}'), attributes: { SentTimestamp: '999' } });
    expect(early.id.startsWith('0000000000999-')).toBe(true);
    expect(early.id < deadLetterOf(message('{}')).id).toBe(true);
  });
});

describe('the job of a function ARN', () => {
  it('is the operation after the stack name, without a qualifier; a local function is named by it alone', () => {
    expect(jobOfFunctionArn(`${FUNCTION_ARN}:$LATEST`)).toBe('refundSession');
    expect(jobOfFunctionArn('arn:aws:lambda:us-east-1:000000000000:function:remindDayBefore')).toBe('remindDayBefore');
  });
});
