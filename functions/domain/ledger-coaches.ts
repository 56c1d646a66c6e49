import { DELETED_USER_NAME } from './account-deletion';

/** What finance types to find a coach's entries: any part of the name, or the start of the id. */
export function coachMatches(coachId: string, coachName: string | undefined, typed: string): boolean {
  const needle = typed.trim().toLowerCase();
  if (!needle) return true;
  return coachId.toLowerCase().startsWith(needle) || (coachName?.toLowerCase().includes(needle) ?? false);
}

/**
 * 'Ada Okafor'; nothing for a profile without a name; 'Deleted user' for a coach whose profile is
 * gone: a coach with ledger entries had a profile, so only deleting the account removes it.
 */
export const coachNameOf = (profile: { firstName?: string | null; lastName?: string | null } | undefined) =>
  profile ? [profile.firstName, profile.lastName].filter(Boolean).join(' ') || undefined : DELETED_USER_NAME;
