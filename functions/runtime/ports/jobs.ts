import { lambdaJobQueue } from '../../adapters/job-queue';
import type { JobQueue } from '../../domain/ports';
import { jobFunctionArn, port } from '../composition-root';

/**
 * Lambda's asynchronous invocations of each job's function; at the SDK's AWS_ENDPOINT_URL_LAMBDA
 * when it is set (the local stack's Lambda, bin/local/lambda-service.ts).
 */
export const jobs = (): JobQueue =>
  // A test run starts a local Lambda per stack; the SDK client keeps the endpoint it first used.
  port('jobs', () => lambdaJobQueue(jobFunctionArn), process.env.AWS_ENDPOINT_URL_LAMBDA ?? '');
