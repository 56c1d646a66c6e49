import { passwordChangedEmail } from '../domain/auth-emails';
import { httpHandler } from '../http/handler';
import { siteOrigin } from '../runtime/site';
import { passwordReset } from '../schemas/sign-in-methods';
import { identity } from '../runtime/ports/identity';
import { mailer } from '../runtime/ports/mailer';

/** A reset e-mail's link sets the new password here rather than straight with Cognito, so the address is told of it afterwards. */
export const handler = httpHandler({ schemas: { body: passwordReset } }, async ({ body }) => {
  await identity().resetPassword(body);
  await mailer().send({ to: body.email, ...passwordChangedEmail(siteOrigin(), 'reset') });
  return { status: 204 };
});
