import { identityFromEnvironment } from '../adapters/identity';
import { dynamoProfileStore } from '../data/profile-store';
import { profileFromRegistration } from '../domain/profile';
import { httpHandler } from '../http/handler';
import { type RegistrationResult, registration } from '../schemas/profile';
import { checkNewNpi } from '../verification/npi-checks';

/**
 * Sign-up on the server rather than from the browser straight to Cognito, so the sign-up data is
 * validated and stored with the account, whichever device later confirms it.
 */
export const handler = httpHandler({ schemas: { body: registration } }, async ({ body, now }) => {
  const userId = await identityFromEnvironment().signUp(body);
  const { created } = await dynamoProfileStore.createOnce(profileFromRegistration(userId, body, now));
  if (created && body.userType === 'mentor' && body.npi) await checkNewNpi(userId, body.npi, now);
  const result: RegistrationResult = { userId, email: body.email };
  return { status: 201, body: result };
});
