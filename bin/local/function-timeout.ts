import { FUNCTION_TIMEOUT_SECONDS, withDeadline } from '../../functions/runtime/dependency-budget';

/** Lambda's own words for an invocation it stopped. */
export class FunctionTimedOut extends Error {
  constructor() {
    super(`Task timed out after ${FUNCTION_TIMEOUT_SECONDS}.00 seconds`);
    this.name = 'FunctionTimedOut';
  }
}

/**
 * Lambda stops every function at its timeout (lib/api.ts); the local stack gives up on a handler
 * at the same moment, whether the API server, a stream or a schedule invoked it. The handler's
 * promise runs on, as a frozen Lambda's work would resume in a later invocation.
 */
export const withinFunctionTimeout = <T>(run: Promise<T>): Promise<T> =>
  withDeadline(run, FUNCTION_TIMEOUT_SECONDS * 1000, () => new FunctionTimedOut());
