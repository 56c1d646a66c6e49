import { mailerFromEnvironment } from '../adapters/mailer';
import { jobHandler } from '../runtime/job-handler';
import { refreshEveryMentorsBusyTimes } from '../workflows/calendars/refresh-busy-times';

/** Every minute (lib/mentor-calendars.ts): every mentor's busy times for the slots, and reconnect notices. */
export const handler = jobHandler('refreshCalendarBusy', () =>
  refreshEveryMentorsBusyTimes(mailerFromEnvironment(), new Date()),
);
