import { signInMethodsOf } from '../domain/sign-in-methods';
import { callerSignIn } from '../http/caller';
import { httpHandler } from '../http/handler';
import type { SignInMethodsView } from '../schemas/sign-in-methods';
import { accounts } from '../runtime/ports/identity';

export const handler = httpHandler({ auth: true }, async ({ event }) => {
  const account = await accounts().account(callerSignIn(event).username);
  const body: SignInMethodsView = signInMethodsOf(account);
  return { status: 200, body };
});
