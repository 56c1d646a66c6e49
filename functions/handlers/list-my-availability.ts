import { availabilityOfCoach } from '../data/availability';
import { httpHandler } from '../http/handler';
import { toAvailabilityView } from '../http/views/availability';

export const handler = httpHandler({ auth: true }, async ({ caller }) => {
  const windows = await availabilityOfCoach(caller.userId);
  const sorted = windows.sort((a, b) => a.start.localeCompare(b.start));
  return { status: 200, body: { availability: sorted.map(toAvailabilityView) } };
});
