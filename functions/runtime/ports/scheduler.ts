import { JOB_DEAD_LETTER_ARN_VARIABLE } from '../../adapters/job-delivery';
import { requiredEnvironment } from '../../adapters/required-environment';
import { eventBridgeScheduler } from '../../adapters/scheduler';
import type { JobScheduler } from '../../domain/ports';
import { jobFunctionArn, port } from '../composition-root';

/**
 * EventBridge Scheduler, in this deployment's schedule group, invoking each job's function; at
 * the SDK's AWS_ENDPOINT_URL_SCHEDULER when it is set (the local stack's Scheduler, bin/local/scheduler.ts).
 */
export const scheduler = (): JobScheduler => {
  const { SCHEDULE_GROUP, AWS_ENDPOINT_URL_SCHEDULER } = process.env;
  return port(
    'scheduler',
    () =>
      eventBridgeScheduler({
        groupName: requiredEnvironment('SCHEDULE_GROUP'),
        roleArn: requiredEnvironment('SCHEDULER_ROLE_ARN'),
        deadLetterArn: requiredEnvironment(JOB_DEAD_LETTER_ARN_VARIABLE),
        jobArn: jobFunctionArn,
      }),
    // A test run starts a local Scheduler per stack; the SDK client keeps the endpoint it first used.
    `${AWS_ENDPOINT_URL_SCHEDULER ?? ''} ${SCHEDULE_GROUP ?? ''}`,
  );
};
