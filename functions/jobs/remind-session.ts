import { REMINDERS, remindParties } from '../workflows/booking/reminders';
import { sessionJob } from '../runtime/session-job';

/** The Scheduler target of one reminder job (jobs/remind-day-before.ts, jobs/remind-hour-before.ts). */
export const reminderJob = (job: (typeof REMINDERS)[number]['job']) => {
  const reminder = REMINDERS.find((each) => each.job === job) as (typeof REMINDERS)[number];
  return sessionJob(job, (sessionId, now) => remindParties(sessionId, reminder, now));
};
