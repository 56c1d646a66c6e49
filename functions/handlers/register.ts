import { identityFromEnvironment } from '../adapters/identity';
import { mailerFromEnvironment } from '../adapters/mailer';
import { dynamoProfileStore } from '../data/profile-store';
import { httpHandler } from '../http/handler';
import { type RegistrationResult, registration } from '../schemas/profile';
import { register } from '../workflows/accounts/register';

const CHECK_YOUR_EMAIL: RegistrationResult = { status: 'check_your_email' };

/** `POST /api/registrations` → 202: a new and a taken address get the same answer (the pool's preventUserExistenceErrors, kept). */
export const handler = httpHandler({ schemas: { body: registration } }, async ({ body, now }) => {
  const ports = { identity: identityFromEnvironment(), mailer: mailerFromEnvironment(), profiles: dynamoProfileStore };
  await register(ports, body, now);
  return { status: 202, body: CHECK_YOUR_EMAIL };
});
