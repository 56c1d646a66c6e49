import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { federatedIdentityOf, type LinkPlan, planGoogleLink } from '../../domain/sign-in-methods';
import type { AccountDirectory } from '../../domain/ports';
import { accounts } from '../../runtime/ports/identity';

/**
 * Links a first Google sign-in to a native account, made here if the address has none, so the
 * person keeps one account (one `sub`, the key of their data) and can later set a password.
 * Cognito then signs the Google identity in as that account and makes no `google_…` user.
 * Cognito may call again after a timeout: a retry finds the account, or the link, the first call made.
 */
export async function linkFirstGoogleSignIn(
  event: PreSignUpTriggerEvent,
  accounts: AccountDirectory,
): Promise<PreSignUpTriggerEvent> {
  const identity = federatedIdentityOf(event.userName);
  const { email, email_verified, given_name, family_name } = event.request.userAttributes;
  if (event.triggerSource !== 'PreSignUp_ExternalProvider' || !identity || !email) return event;
  const plan = async () =>
    planGoogleLink({
      identity,
      googleEmailVerified: email_verified === 'true',
      usersWithEmail: await accounts.usersWithEmail(email),
    });
  const first = await plan();
  const made = async (): Promise<Exclude<LinkPlan, { kind: 'create-and-link' }>> => {
    const username = await accounts.createVerifiedAccount({ email, givenName: given_name, familyName: family_name });
    if (username) return { kind: 'finish-and-link', username };
    // A second sign-in at the same moment made it first: go on from where that one is.
    const again = await plan();
    if (again.kind === 'create-and-link')
      throw new Error('Cognito found the address taken, then no account holding it');
    return again;
  };
  const next = first.kind === 'create-and-link' ? await made() : first;
  if (next.kind === 'already-linked') return event;
  if (next.kind === 'finish-and-link') await accounts.withoutOwnPassword(next.username);
  await accounts.link(next.username, identity);
  return event;
}

/**
 * Cognito's PreSignUp trigger. It also runs for SignUp and for the AdminCreateUser above, which
 * pass unchanged. A refusal's message reaches the browser as the hosted UI's error description.
 */
export const handler = (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> =>
  linkFirstGoogleSignIn(event, accounts(event.userPoolId));
