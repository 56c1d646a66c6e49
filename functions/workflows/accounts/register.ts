import { accountExistsEmail } from '../../domain/auth-emails';
import { profileFromRegistration } from '../../domain/profile';
import type { ProfileStore, Identity, Mailer } from '../../domain/ports';
import { siteOrigin } from '../../runtime/site';
import type { Registration } from '../../schemas/profile';
import { checkNewNpi } from '../verification/npi-checks';

/**
 * Sign-up on the server rather than from the browser straight to Cognito, so the sign-up data is
 * validated and stored with the account, whichever device later confirms it. A new and a taken
 * address are told apart only by e-mail: the taken address's owner is told there.
 */
export async function register(
  ports: { identity: Identity; mailer: Mailer; profiles: ProfileStore },
  registration: Registration,
  now: Date,
): Promise<void> {
  const userId = await ports.identity.signUp(registration);
  if (userId === null) {
    await ports.mailer.send({ to: registration.email, ...accountExistsEmail(siteOrigin()) });
    return;
  }
  const { created } = await ports.profiles.createOnce(profileFromRegistration(userId, registration, now));
  if (created && registration.userType === 'mentor' && registration.npi) {
    await checkNewNpi(userId, registration.npi, now);
  }
}
