import { identityFromEnvironment } from '../adapters/identity';
import { mailerFromEnvironment } from '../adapters/mailer';
import { bearerToken } from '../http/caller';
import { httpHandler } from '../http/handler';
import { passwordChange } from '../schemas/sign-in-methods';
import { changePassword } from '../workflows/accounts/change-password';

/** `POST /api/me/password-change {currentPassword, password}` → 204, and an e-mail to the account's address. */
export const handler = httpHandler({ auth: true, schemas: { body: passwordChange } }, async ({ body, event }) => {
  await changePassword(
    { identity: identityFromEnvironment(), mailer: mailerFromEnvironment() },
    bearerToken(event),
    body,
  );
  return { status: 204 };
});
