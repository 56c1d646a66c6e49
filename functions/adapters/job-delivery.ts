/**
 * How a scheduled job reaches its function and where it ends up when it cannot: shared by the
 * schedules the API creates at runtime (functions/adapters/scheduler.ts) and the ones the stack
 * defines (lib/finance.ts, lib/scheduler.ts). Every job is idempotent, so a retry is safe.
 */

/** `expirePendingPayment` → `JOB_EXPIRE_PENDING_PAYMENT_ARN`: the variable that holds the job's function ARN. */
export const jobArnVariable = (operation: string) =>
  `JOB_${operation.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_ARN`;

/** Where EventBridge Scheduler and Lambda put a job they gave up on (an SQS queue ARN). */
export const JOB_DEAD_LETTER_ARN_VARIABLE = 'JOB_DEAD_LETTER_QUEUE_ARN';

/**
 * Scheduler retries delivering the invocation (throttled or unavailable Lambda) for up to six
 * hours; a job that late still has work to do (expire, complete, remind), then it is a dead letter.
 */
export const SCHEDULE_RETRY = { maximumRetryAttempts: 3, maximumEventAgeSeconds: 6 * 60 * 60 } as const;

/** Lambda's own retries of an asynchronous invocation whose function failed, before the on-failure destination. */
export const JOB_FUNCTION_RETRY_ATTEMPTS = 2;
