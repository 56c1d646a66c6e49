import { dynamoProfileStore } from '../data/profile-store';
import { httpHandler } from '../http/handler';
import { type RegistrationResult, registration } from '../schemas/profile';
import { register } from '../workflows/accounts/register';
import { identity } from '../runtime/ports/identity';
import { mailer } from '../runtime/ports/mailer';

const CHECK_YOUR_EMAIL: RegistrationResult = { status: 'check_your_email' };

/** `POST /api/registrations` → 202: a new and a taken address get the same answer (the pool's preventUserExistenceErrors, kept). */
export const handler = httpHandler({ schemas: { body: registration } }, async ({ body, now }) => {
  const ports = { identity: identity(), mailer: mailer(), profiles: dynamoProfileStore };
  await register(ports, body, now);
  return { status: 202, body: CHECK_YOUR_EMAIL };
});
