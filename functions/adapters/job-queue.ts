import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { jobArnVariable } from '../routes';
import { awsClientSettings } from './dependency-budget';
import { injectedAdapters } from './injected';
import { requiredEnvironment } from './required-environment';
import type { JobName } from './scheduler';

/** Jobs a request or a webhook hands its slow follow-ups to, to run now but not in its own time. */
export interface JobQueue {
  /** Runs the job once, soon, with the session id; a failed run is retried, then dead-lettered (job-delivery.ts). */
  start(job: JobName, sessionId: string): Promise<void>;
}

/**
 * An asynchronous Lambda invocation: queued by Lambda, retried on failure, then sent to the jobs'
 * on-failure destination, as EventBridge Scheduler's invocations are (lib/scheduler.ts).
 */
export function lambdaJobQueue(client = new LambdaClient(awsClientSettings())): JobQueue {
  return {
    async start(job, sessionId) {
      await client.send(
        new InvokeCommand({
          FunctionName: requiredEnvironment(jobArnVariable(job)),
          InvocationType: 'Event',
          Payload: JSON.stringify({ sessionId }),
        }),
      );
    },
  };
}

let shared: JobQueue | undefined;

/** Lambda's asynchronous invocations, unless the host injected its own (the local stack's job runner). */
export function jobQueueFromEnvironment(): JobQueue {
  const injected = injectedAdapters().jobs;
  if (injected) return injected;
  shared ??= lambdaJobQueue();
  return shared;
}
