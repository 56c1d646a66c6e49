import * as z from '../schemas/zod';
import { log } from './log';
import { jobHandler } from './job-handler';

/** The payload every one-off schedule carries. */
const sessionJobEvent = z.object({ sessionId: z.string().check(z.minLength(1)) });

/** A Scheduler target: validates the payload and logs whether the transition applied. */
export function sessionJob(name: string, transition: (sessionId: string, now: Date) => Promise<boolean>) {
  return jobHandler(name, async (event) => {
    const { sessionId } = sessionJobEvent.parse(event);
    const applied = await transition(sessionId, new Date());
    log('info', name, { sessionId, applied });
    return { applied };
  });
}
