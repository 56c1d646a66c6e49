import { getProfile } from '../data/profiles';
import type { ProfileItem } from '../domain/profile-item';
import { DomainError } from '../domain/errors';
import type { Caller } from './caller';

/** The caller's profile, which must be a mentor's: coaching settings belong to mentors only. */
export async function requireMentor(caller: Caller): Promise<ProfileItem> {
  const profile = await getProfile(caller.userId);
  if (!profile) throw new DomainError('NOT_FOUND', 'Finish creating your profile first.');
  if (profile.userType !== 'mentor') {
    throw new DomainError('FORBIDDEN', 'Only mentors have coaching settings. Switch your account type to Coach first.');
  }
  return profile;
}
