import { bearerToken } from '../http/caller';
import { httpHandler } from '../http/handler';
import { passwordChange } from '../schemas/sign-in-methods';
import { changePassword } from '../workflows/accounts/change-password';
import { identity } from '../runtime/ports/identity';
import { mailer } from '../runtime/ports/mailer';

/** `POST /api/me/password-change {currentPassword, password}` → 204, and an e-mail to the account's address. */
export const handler = httpHandler({ auth: true, schemas: { body: passwordChange } }, async ({ body, event }) => {
  await changePassword({ identity: identity(), mailer: mailer() }, bearerToken(event), body);
  return { status: 204 };
});
