import { removeAvailability } from '../data/availability';
import { DomainError } from '../domain/errors';
import { httpHandler } from '../http/handler';
import { availabilityPath } from '../schemas/availability';

/** Booked sessions are separate items, so removing a window never touches them. */
export const handler = httpHandler({ schemas: { path: availabilityPath }, auth: true }, async ({ path, caller }) => {
  if (!(await removeAvailability(caller.userId, path.id))) {
    throw new DomainError('NOT_FOUND', 'This time slot does not exist.');
  }
  return { status: 204 };
});
