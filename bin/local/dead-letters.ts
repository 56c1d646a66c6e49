import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { deadLetterKeeperEntry } from '../../lib/bundling';
import { LOCAL_AWS, localFunctionArn } from './aws-local';
import { lambdaHandler } from './lambda-modules';

/** The queue lib/scheduler.ts makes, as the local Scheduler's targets name it (bin/local/stack.ts). */
export const LOCAL_DEAD_LETTER_QUEUE_ARN = `arn:aws:sqs:${LOCAL_AWS.region}:${LOCAL_AWS.accountId}:physician-mentors-local-dead-letters`;

const errorParts = (error: unknown) =>
  error instanceof Error
    ? { errorType: error.name, errorMessage: error.message }
    : { errorType: 'Error', errorMessage: String(error) };

const stringAttributes = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values).map(([name, stringValue]) => [
      name,
      { stringValue, stringListValues: [], binaryListValues: [], dataType: 'String' },
    ]),
  );

/** A message as SQS's event source hands it to its function (one per event here). */
function queuedMessage(body: string, messageAttributes: Record<string, string> = {}): SQSRecord {
  const now = String(Date.now());
  return {
    messageId: randomUUID(),
    receiptHandle: randomUUID(),
    body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: now,
      SenderId: LOCAL_AWS.accountId,
      ApproximateFirstReceiveTimestamp: now,
    },
    messageAttributes: stringAttributes(messageAttributes),
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: LOCAL_DEAD_LETTER_QUEUE_ARN,
    awsRegion: LOCAL_AWS.region,
  };
}

/** Hands the message to the queue's consumer, as the event source mapping does in AWS (lib/dead-letters.ts). */
async function deliver(message: SQSRecord): Promise<void> {
  const keep = await lambdaHandler(deadLetterKeeperEntry.operation);
  const answer = (await keep({ Records: [message] } satisfies SQSEvent)) as SQSBatchResponse;
  if (answer.batchItemFailures.length > 0) throw new Error(`The dead letter ${message.messageId} was not kept`);
}

/**
 * The jobs' dead-letter queue, locally: what Lambda's on-failure destination sends for an
 * asynchronous invocation that failed every try (its invocation record), kept by the same consumer
 * as in AWS.
 */
export function deadLetterInvocation(functionName: string, payload: string, tries: number, error: unknown) {
  const record = {
    version: '1.0',
    timestamp: new Date().toISOString(),
    requestContext: {
      requestId: randomUUID(),
      functionArn: `${localFunctionArn(functionName)}:$LATEST`,
      condition: 'RetriesExhausted',
      approximateInvokeCount: tries,
    },
    requestPayload: JSON.parse(payload),
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    responsePayload: errorParts(error),
  };
  return deliver(queuedMessage(JSON.stringify(record)));
}

/** What EventBridge Scheduler sends for a schedule whose target it could not invoke: the input, and why in its attributes. */
export function deadLetterSchedule(targetArn: string, input: string, error: unknown) {
  const { errorType, errorMessage } = errorParts(error);
  return deliver(
    queuedMessage(input, {
      TARGET_ARN: targetArn,
      ERROR_CODE: errorType,
      ERROR_MESSAGE: errorMessage,
      EXHAUSTED_RETRY_CONDITION: 'MaximumRetryAttempts',
      RETRY_ATTEMPTS: '0',
    }),
  );
}
