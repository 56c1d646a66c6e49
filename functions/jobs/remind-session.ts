import { type REMINDERS, remindParties } from '../sessions/reminders';
import { sessionJob } from './session-job';

/** The Scheduler target of one reminder job (jobs/remind-day-before.ts, jobs/remind-hour-before.ts). */
export const reminderJob = (job: (typeof REMINDERS)[number]['job'], hoursBefore: 24 | 1) =>
  sessionJob(job, (sessionId, now) => remindParties(sessionId, hoursBefore, now));
