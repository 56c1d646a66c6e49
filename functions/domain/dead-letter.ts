/**
 * A job given up on, as support sees it (GET /api/support/dead-letters) and re-drives it: which job,
 * what it was about, why it failed, how often it was tried, when it landed, and the payload that
 * runs it again (null for what cannot be run again on its own: a stream batch).
 */
export interface DeadLetter {
  /** Sorts by when it landed: `<epoch ms, 13 digits>-<the queue message's id>`. */
  id: string;
  kind: string;
  subject: string | null;
  lastError: string;
  tries: number;
  at: string;
  payload: string | null;
}

/** The parts of an SQS message (as the Lambda SQS event carries it) a dead letter is read from. */
export interface QueuedMessage {
  messageId: string;
  body: string;
  attributes: { SentTimestamp: string };
  messageAttributes: Record<string, { stringValue?: string | undefined } | undefined>;
}

/**
 * Lambda's on-failure destination record of an asynchronous invocation (lib/scheduler.ts: the job
 * functions use a destination, not a function DLQ, whose message would carry only the payload, with
 * the error in the RequestID/ErrorCode/ErrorMessage attributes). A stream event source's on-failure
 * record has the same requestContext but names the batch (DDBStreamBatchInfo) instead of a payload.
 * https://docs.aws.amazon.com/lambda/latest/dg/invocation-async-retain-records.html
 */
interface InvocationRecord {
  requestContext: { functionArn: string; condition: string; approximateInvokeCount: number };
  requestPayload?: unknown;
  responsePayload?: { errorType?: string; errorMessage?: string } | null;
}

const isInvocationRecord = (body: unknown): body is InvocationRecord => {
  const context = (body as InvocationRecord | null)?.requestContext;
  return typeof context?.functionArn === 'string' && typeof context.approximateInvokeCount === 'number';
};

/**
 * The job of a function ARN: the function is named `<stack>-<operation>` (lib/api.ts), and locally
 * just `<operation>`; an operation name has no `-`. A qualifier (`:$LATEST`) is not part of it.
 */
export function jobOfFunctionArn(arn: string): string {
  const name = arn.split(':function:')[1]?.split(':')[0] ?? arn;
  return name.slice(name.lastIndexOf('-') + 1);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** `session:<id>` for a payload that names a session (the one-off jobs' `{sessionId, try?}`), else null. */
export function subjectOf(payload: unknown): string | null {
  const sessionId = (payload as { sessionId?: unknown } | null)?.sessionId;
  return typeof sessionId === 'string' && sessionId.length > 0 ? `session:${sessionId}` : null;
}

const attribute = (message: QueuedMessage, name: string) => message.messageAttributes[name]?.stringValue;

/**
 * The dead letter an SQS message of the jobs' dead-letter queue holds: a Lambda on-failure record
 * (an invocation's or a stream batch's), or else EventBridge Scheduler's dead-letter event, whose
 * body is the target's input and whose attributes say why (TARGET_ARN, ERROR_CODE, ERROR_MESSAGE,
 * RETRY_ATTEMPTS: https://docs.aws.amazon.com/scheduler/latest/UserGuide/configuring-schedule-dlq.html).
 */
export function deadLetterOf(message: QueuedMessage): DeadLetter {
  const sentAt = Number(message.attributes.SentTimestamp);
  const common = {
    id: `${String(sentAt).padStart(13, '0')}-${message.messageId}`,
    at: new Date(sentAt).toISOString(),
  };
  const body = parseJson(message.body);
  if (isInvocationRecord(body)) {
    const { requestContext, requestPayload, responsePayload } = body;
    const payload = 'requestPayload' in body ? JSON.stringify(requestPayload) : null;
    return {
      ...common,
      kind: jobOfFunctionArn(requestContext.functionArn),
      subject: subjectOf(requestPayload),
      lastError: responsePayload?.errorMessage ?? responsePayload?.errorType ?? requestContext.condition,
      tries: requestContext.approximateInvokeCount,
      payload,
    };
  }
  const targetArn = attribute(message, 'TARGET_ARN');
  return {
    ...common,
    kind: targetArn ? jobOfFunctionArn(targetArn) : 'unknown',
    subject: subjectOf(body),
    lastError: attribute(message, 'ERROR_MESSAGE') ?? attribute(message, 'ERROR_CODE') ?? 'unknown error',
    tries: Number(attribute(message, 'RETRY_ATTEMPTS') ?? 0) + 1,
    payload: targetArn ? message.body : null,
  };
}
