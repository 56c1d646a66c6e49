import type { InvokeCommandInput } from '@aws-sdk/client-lambda';
import { awsClientSettings } from '../runtime/dependency-budget';
import { onFirstUse } from './on-first-use';
import { timed } from '../runtime/dependency-latency';
import type { JobQueue } from '../domain/ports';

/**
 * An asynchronous Lambda invocation: queued by Lambda, retried on failure, then sent to the jobs'
 * on-failure destination, as EventBridge Scheduler's invocations are (lib/scheduler.ts), of the
 * job's function (`functionOf`, its ARN).
 */
export function lambdaJobQueue(functionOf: (job: string) => string): JobQueue {
  // The SDK loads with the first job started, so a request that starts none never loads it.
  const lambda = onFirstUse(async () => {
    const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
    const client = timed(new LambdaClient(awsClientSettings()));
    return (input: InvokeCommandInput) => client.send(new InvokeCommand(input));
  });
  const invokeAsync = async (job: string, payload: string) => {
    const invoke = await lambda();
    await invoke({ FunctionName: functionOf(job), InvocationType: 'Event', Payload: payload });
  };
  return {
    start: (job, sessionId) => invokeAsync(job, JSON.stringify({ sessionId })),
    rerun: invokeAsync,
  };
}
