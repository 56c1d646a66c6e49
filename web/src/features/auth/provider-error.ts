/**
 * Cognito reports a PreSignUp trigger's refusal of a Google sign-in (functions/handlers/cognito/pre-sign-up.ts)
 * as "PreSignUp failed with error <message>. "; the person needs only the message.
 */
export function providerErrorText(description: string): string {
  const message = /^PreSignUp failed with error (.+)$/is.exec(description.trim())?.[1] ?? description;
  return message.trim().replace(/\.+$/, '.');
}

const LINKED_SIGN_IN_RETRIED = 'physician-mentors.linked-sign-in-retried';

/**
 * Cognito used to answer the first Google sign-in that the PreSignUp trigger linked to an account
 * with "Already found an entry for username Google_…", though the link was made and a second
 * attempt signs straight in (aws-amplify/amplify-flutter#1716; fixed on Cognito's side in 2023).
 * Should it come back, the callback page tries once more, once per tab, rather than fail.
 */
export function retriesLinkedSignIn(description: string, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  if (!/^Already found an entry for username /i.test(description.trim())) return false;
  if (storage.getItem(LINKED_SIGN_IN_RETRIED)) return false;
  storage.setItem(LINKED_SIGN_IN_RETRIED, 'yes');
  return true;
}
