import { reminderJob } from './remind-session';

export const handler = reminderJob('remindHourBefore');
