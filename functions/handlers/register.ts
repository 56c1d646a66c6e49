import { identityFromEnvironment } from '../adapters/identity';
import { mailerFromEnvironment } from '../adapters/mailer';
import { dynamoProfileStore } from '../data/profile-store';
import { accountExistsEmail } from '../domain/auth-emails';
import { profileFromRegistration } from '../domain/profile';
import { httpHandler } from '../http/handler';
import { siteOrigin } from '../runtime/site';
import { type RegistrationResult, registration } from '../schemas/profile';
import { checkNewNpi } from '../workflows/verification/npi-checks';

const CHECK_YOUR_EMAIL: RegistrationResult = { status: 'check_your_email' };

/**
 * Sign-up on the server rather than from the browser straight to Cognito, so the sign-up data is
 * validated and stored with the account, whichever device later confirms it. A new and a taken
 * address get the same answer (the pool's preventUserExistenceErrors, kept): the taken address's
 * owner is told by e-mail instead.
 */
export const handler = httpHandler({ schemas: { body: registration } }, async ({ body, now }) => {
  const userId = await identityFromEnvironment().signUp(body);
  if (userId === null) {
    await mailerFromEnvironment().send({ to: body.email, ...accountExistsEmail(siteOrigin()) });
  } else {
    const { created } = await dynamoProfileStore.createOnce(profileFromRegistration(userId, body, now));
    if (created && body.userType === 'mentor' && body.npi) await checkNewNpi(userId, body.npi, now);
  }
  return { status: 202, body: CHECK_YOUR_EMAIL };
});
