/** What finance types to find a coach's entries: any part of the name, or the start of the id. */
export function coachMatches(coachId: string, coachName: string | undefined, typed: string): boolean {
  const needle = typed.trim().toLowerCase();
  if (!needle) return true;
  return coachId.toLowerCase().startsWith(needle) || (coachName?.toLowerCase().includes(needle) ?? false);
}

/** 'Ada Okafor', or nothing for an account without a profile. */
export const coachNameOf = (profile: { firstName?: string | null; lastName?: string | null } | undefined) =>
  profile ? [profile.firstName, profile.lastName].filter(Boolean).join(' ') || undefined : undefined;
