/**
 * Cognito reports a PreSignUp trigger's refusal of a Google sign-in (functions/triggers/pre-sign-up.ts)
 * as "PreSignUp failed with error <message>. "; the person needs only the message.
 */
export function providerErrorText(description: string): string {
  const message = /^PreSignUp failed with error (.+)$/is.exec(description.trim())?.[1] ?? description;
  return message.trim().replace(/\.+$/, '.');
}
