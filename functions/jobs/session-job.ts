import * as z from 'zod';
import { integrationSecretsLoaded } from '../adapters/integration-secrets';
import { log } from '../http/log';

/** The payload every one-off schedule carries. */
const sessionJobEvent = z.object({ sessionId: z.string().min(1) });

/** A Scheduler target: validates the payload and logs whether the transition applied. */
export function sessionJob(name: string, transition: (sessionId: string, now: Date) => Promise<boolean>) {
  return async (event: unknown) => {
    const { sessionId } = sessionJobEvent.parse(event);
    await integrationSecretsLoaded();
    const applied = await transition(sessionId, new Date());
    log('info', name, { sessionId, applied });
    return { applied };
  };
}
