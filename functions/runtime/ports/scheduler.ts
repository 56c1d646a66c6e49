import { JOB_DEAD_LETTER_ARN_VARIABLE } from '../../adapters/job-delivery';
import { requiredEnvironment } from '../../adapters/required-environment';
import { eventBridgeScheduler } from '../../adapters/scheduler';
import type { JobScheduler } from '../../domain/ports';
import { jobFunctionArn, port } from '../composition-root';

/** EventBridge Scheduler, in this deployment's schedule group, invoking each job's function. */
export const scheduler = (): JobScheduler =>
  port('scheduler', () =>
    eventBridgeScheduler({
      groupName: requiredEnvironment('SCHEDULE_GROUP'),
      roleArn: requiredEnvironment('SCHEDULER_ROLE_ARN'),
      deadLetterArn: requiredEnvironment(JOB_DEAD_LETTER_ARN_VARIABLE),
      jobArn: jobFunctionArn,
    }),
  );
