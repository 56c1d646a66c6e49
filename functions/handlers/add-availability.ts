import { addAvailability } from '../data/availability';
import { planAvailability } from '../domain/availability';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { toAvailabilityView } from '../http/views/availability';
import { newAvailability } from '../schemas/availability';

export const handler = httpHandler(
  { schemas: { body: newAvailability }, auth: true },
  async ({ body, caller, now }) => {
    await requireMentor(caller);
    const added = await addAvailability(
      caller.userId,
      (existing) => ({ ...planAvailability(body, existing, now), recurring: body.recurring, timezone: body.timezone }),
      now,
    );
    return { status: 201, body: toAvailabilityView(added) };
  },
);
