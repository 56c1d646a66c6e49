import { jobHandler } from '../runtime/job-handler';
import { refreshEveryMentorsBusyTimes } from '../workflows/calendars/refresh-busy-times';
import { mailer } from '../runtime/ports/mailer';

/** Every minute (lib/mentor-calendars.ts): every mentor's busy times for the slots, and reconnect notices. */
export const handler = jobHandler('refreshCalendarBusy', () => refreshEveryMentorsBusyTimes(mailer(), new Date()));
