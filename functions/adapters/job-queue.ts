import type { InvokeCommandInput } from '@aws-sdk/client-lambda';
import { jobArnVariable } from '../routes';
import { awsClientSettings } from '../runtime/dependency-budget';
import { injectedOrCloud } from './injected';
import { onFirstUse } from './on-first-use';
import { requiredEnvironment } from './required-environment';
import { timed } from '../runtime/dependency-latency';
import type { JobQueue } from '../domain/ports';

declare module './injected' {
  interface InjectedAdapters {
    jobs?: JobQueue;
  }
}

/**
 * An asynchronous Lambda invocation: queued by Lambda, retried on failure, then sent to the jobs'
 * on-failure destination, as EventBridge Scheduler's invocations are (lib/scheduler.ts).
 */
export function lambdaJobQueue(): JobQueue {
  // The SDK loads with the first job started, so a request that starts none never loads it.
  const lambda = onFirstUse(async () => {
    const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
    const client = timed(new LambdaClient(awsClientSettings()));
    return (input: InvokeCommandInput) => client.send(new InvokeCommand(input));
  });
  return {
    async start(job, sessionId) {
      const invoke = await lambda();
      await invoke({
        FunctionName: requiredEnvironment(jobArnVariable(job)),
        InvocationType: 'Event',
        Payload: JSON.stringify({ sessionId }),
      });
    },
  };
}

/** Lambda's asynchronous invocations, unless the host injected its own (the local stack's job runner). */
export function jobQueueFromEnvironment(): JobQueue {
  return injectedOrCloud('jobs', lambdaJobQueue);
}
