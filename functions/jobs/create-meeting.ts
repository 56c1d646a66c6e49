import * as z from '../schemas/zod';
import { log } from '../runtime/log';
import { arrangeMeeting } from '../workflows/booking/session-meeting';
import { jobHandler } from '../runtime/job-handler';

/** Scheduled with the try's number by the try before it (the first is the booking's follow-up job's). */
const meetingJobEvent = z.object({
  sessionId: z.string().check(z.minLength(1)),
  try: z.int().check(z.positive()),
});

/** A later try of a held session's meeting (workflows/booking/session-meeting.ts); it schedules the next itself. */
export const handler = jobHandler('createMeeting', async (event) => {
  const { sessionId, try: tryNumber } = meetingJobEvent.parse(event);
  await arrangeMeeting(sessionId, tryNumber, new Date());
  log('info', 'createMeeting', { sessionId, tryNumber });
});
