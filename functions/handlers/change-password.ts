import { identityFromEnvironment } from '../adapters/identity';
import { mailerFromEnvironment } from '../adapters/mailer';
import { passwordChangedEmail } from '../domain/auth-emails';
import { bearerToken } from '../http/caller';
import { httpHandler } from '../http/handler';
import { siteOrigin } from '../runtime/site';
import { passwordChange } from '../schemas/sign-in-methods';

/**
 * The signed-in user changes their password here rather than straight with Cognito, so the account's
 * address is told of it afterwards.
 */
export const handler = httpHandler({ auth: true, schemas: { body: passwordChange } }, async ({ body, event }) => {
  const token = bearerToken(event);
  const identity = identityFromEnvironment();
  await identity.changePassword(token, body);
  const { email } = await identity.userInfo(token);
  await mailerFromEnvironment().send({ to: email, ...passwordChangedEmail(siteOrigin(), 'changed') });
  return { status: 204 };
});
