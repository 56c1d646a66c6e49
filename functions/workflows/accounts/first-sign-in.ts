import { DomainError } from '../../domain/errors';
import type { ProfileStore, Identity } from '../../domain/ports';
import { profileFromIdentity } from '../../domain/profile';
import type { ProfileItem } from '../../domain/profile-item';

/**
 * The first sign-in through a third-party provider creates the profile from the account's own
 * attributes; calling it again, or after e-mail sign-up, answers with the profile already there.
 */
export async function profileOnFirstSignIn(
  ports: { identity: Identity; profiles: ProfileStore },
  caller: {
    userId: string;
    /** The caller's access token, read only when there is no profile yet (GetUser takes it). */
    accessToken: () => string;
    timezone?: string;
  },
  now: Date,
): Promise<{ profile: ProfileItem; created: boolean }> {
  const existing = await ports.profiles.get(caller.userId);
  if (existing) return { profile: existing, created: false };
  const user = await ports.identity.userInfo(caller.accessToken());
  if (user.sub !== caller.userId) throw new DomainError('UNAUTHORIZED', 'Sign in to continue.');
  return ports.profiles.createOnce(profileFromIdentity(user, now, caller.timezone));
}
