import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  ANSWER_BEFORE_TIMEOUT_MS,
  answeredBeforeTimeout,
  DependencyUnavailableError,
  isDependencyUnavailable,
} from '../../functions/runtime/dependency-budget';

const contextWith = (remainingMs: number) => ({ getRemainingTimeInMillis: () => remainingMs }) as Context;
const never = () => new Promise<never>(() => undefined);

describe('answeredBeforeTimeout', () => {
  it('gives up on a call still running at the function’s deadline less the margin, as a dependency that is unavailable', async () => {
    const failure = await answeredBeforeTimeout(contextWith(ANSWER_BEFORE_TIMEOUT_MS + 20), never).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DependencyUnavailableError);
    expect(isDependencyUnavailable(failure)).toBe(true);
  });

  it('gives up at once when the deadline is already within the margin', async () => {
    await expect(answeredBeforeTimeout(contextWith(ANSWER_BEFORE_TIMEOUT_MS - 1), never)).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
  });

  it('answers what the call answers within the time, and runs unbounded without a Lambda context', async () => {
    expect(await answeredBeforeTimeout(contextWith(10_000), async () => 'answer')).toBe('answer');
    expect(await answeredBeforeTimeout(undefined, async () => 'answer')).toBe('answer');
    await expect(
      answeredBeforeTimeout(contextWith(10_000), async () => {
        throw new Error('a bug');
      }),
    ).rejects.toThrow('a bug');
  });
});
