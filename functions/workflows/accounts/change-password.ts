import { passwordChangedEmail } from '../../domain/auth-emails';
import { siteOrigin } from '../../runtime/site';
import type { PasswordChange } from '../../schemas/sign-in-methods';
import type { Identity, Mailer } from '../../domain/ports';

/**
 * The signed-in user changes their password here rather than straight with Cognito, so the account's
 * address is told of it afterwards.
 */
export async function changePassword(
  ports: { identity: Identity; mailer: Mailer },
  accessToken: string,
  change: PasswordChange,
): Promise<void> {
  await ports.identity.changePassword(accessToken, change);
  const { email } = await ports.identity.userInfo(accessToken);
  await ports.mailer.send({ to: email, ...passwordChangedEmail(siteOrigin(), 'changed') });
}
