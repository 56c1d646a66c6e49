import { DomainError } from '../domain/errors';
import { httpHandler } from '../http/handler';

export const handler = httpHandler({}, async ({ event }) => {
  throw new DomainError('NOT_FOUND', `No such API operation: ${event.requestContext.http.method} ${event.rawPath}`);
});
