import { lambdaJobQueue } from '../../adapters/job-queue';
import type { JobQueue } from '../../domain/ports';
import { jobFunctionArn, port } from '../composition-root';

/** Lambda's asynchronous invocations of each job's function. */
export const jobs = (): JobQueue => port('jobs', () => lambdaJobQueue(jobFunctionArn));
