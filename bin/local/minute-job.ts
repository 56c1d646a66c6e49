import { log } from '../../functions/runtime/log';

const MINUTE_MS = 60_000;

/** A `rate(1 minute)` schedule for the local stack: runs `job` every minute, one run at a time. Answers its stop. */
export function startMinuteJob(job: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(job)
      .catch((error: unknown) => log('error', 'local minute job failed', { error: String(error) }));
  }, MINUTE_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
