import { identityFromEnvironment } from '../adapters/identity';
import { mailerFromEnvironment } from '../adapters/mailer';
import { passwordChangedEmail } from '../domain/auth-emails';
import { httpHandler } from '../http/handler';
import { siteOrigin } from '../runtime/site';
import { passwordReset } from '../schemas/sign-in-methods';

/** A reset e-mail's link sets the new password here rather than straight with Cognito, so the address is told of it afterwards. */
export const handler = httpHandler({ schemas: { body: passwordReset } }, async ({ body }) => {
  await identityFromEnvironment().resetPassword(body);
  await mailerFromEnvironment().send({ to: body.email, ...passwordChangedEmail(siteOrigin(), 'reset') });
  return { status: 204 };
});
