import { assertMaySetFirstPassword, NO_PASSWORD_GROUP, signInMethodsOf } from '../domain/sign-in-methods';
import { callerSignIn } from '../http/caller';
import { httpHandler } from '../http/handler';
import { firstPassword, type SignInMethodsView } from '../schemas/sign-in-methods';
import { accounts } from '../runtime/ports/identity';

/** An account made by a Google sign-in sets its first password; others change theirs with the current one. */
export const handler = httpHandler({ auth: true, schemas: { body: firstPassword } }, async ({ body, event, now }) => {
  const { username, signedInAt } = callerSignIn(event);
  const account = await accounts().account(username);
  assertMaySetFirstPassword({ methods: signInMethodsOf(account), signedInAt, now });
  await accounts().setOwnPassword(username, body.password);
  const groups = account.groups.filter((group) => group !== NO_PASSWORD_GROUP);
  const methods: SignInMethodsView = signInMethodsOf({ ...account, groups });
  return { status: 200, body: methods };
});
