import type { ProfileItem } from '../../domain/profile-item';

export type PartyProfile = Pick<ProfileItem, 'firstName' | 'lastName' | 'credentials'> | null | undefined;

/** The name and credentials one party shows the other; a deleted account shows as a former member. */
export const partyFields = (userId: string, profile: PartyProfile) => ({
  userId,
  firstName: profile?.firstName ?? 'Former',
  lastName: profile?.lastName ?? 'member',
  credentials: profile?.credentials ?? null,
});
