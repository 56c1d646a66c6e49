import type { Coach } from '../schemas/coach';
import { DomainError } from './errors';

export interface DirectoryFilters {
  q?: string;
  specialty?: string;
  /** '10', '15' or '20': at least that many years, by the leading number of the experience text. */
  experience?: string;
}

const includesIgnoringCase = (text: string | null | undefined, needle: string) =>
  (text ?? '').toLowerCase().includes(needle);

/** Name, specialty or areas of interest contain the search text, ignoring case (spec section 5). */
export function matchesSearch(coach: Coach, q: string | undefined): boolean {
  const needle = q?.trim().toLowerCase();
  if (!needle) return true;
  return [
    `${coach.firstName} ${coach.lastName}`,
    coach.specialty,
    coach.secondarySpecialty,
    ...coach.areasOfInterest,
  ].some((text) => includesIgnoringCase(text, needle));
}

export function matchesSpecialty(coach: Coach, specialty: string | undefined): boolean {
  if (!specialty) return true;
  const wanted = specialty.toLowerCase();
  return [coach.specialty, coach.secondarySpecialty].some((s) => s?.toLowerCase() === wanted);
}

/** '15-20' → 15, '20+' → 20; a coach without a readable number never meets a threshold. */
export function meetsExperience(coach: Coach, threshold: string | undefined): boolean {
  if (!threshold) return true;
  const years = Number.parseInt(coach.experience ?? '', 10);
  return Number.isFinite(years) && years >= Number(threshold);
}

export function filterCoaches(coaches: readonly Coach[], filters: DirectoryFilters): Coach[] {
  return coaches.filter(
    (coach) =>
      matchesSearch(coach, filters.q) &&
      matchesSpecialty(coach, filters.specialty) &&
      meetsExperience(coach, filters.experience),
  );
}

const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url');

function decodeCursor(cursor: string): number {
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { offset: unknown };
    if (Number.isInteger(offset) && (offset as number) >= 0) return offset as number;
  } catch {
    // falls through to the error below
  }
  throw new DomainError('INVALID_CURSOR', 'This page link is no longer valid. Start from the first page.');
}

/** One page of an already ordered list, with an opaque cursor to the next page. */
export function pageOf<T>(list: readonly T[], cursor: string | undefined, limit: number) {
  const offset = cursor ? decodeCursor(cursor) : 0;
  const items = list.slice(offset, offset + limit);
  const next = offset + limit;
  return { items, ...(next < list.length ? { nextCursor: encodeCursor(next) } : {}) };
}
