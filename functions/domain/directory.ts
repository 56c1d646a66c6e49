import type { Coach } from '../schemas/coach';
import { NEW_MENTOR_RATINGS_BELOW } from './constants';
import { decodeCursor, encodeCursor } from './cursor';
import type { DirectoryExperienceThreshold } from './fixed-lists';
import { formatWholeDollars } from './money';

export interface DirectoryFilters {
  q?: string;
  specialty?: string;
  experience?: DirectoryExperienceThreshold;
}

/**
 * The lowercased texts a search looks in, worked out once per coach object: the directory keeps
 * the same objects in memory between requests, and lowercasing 10,000 profiles per request was
 * most of a search's cost.
 */
const searchTexts = new WeakMap<Coach, string[]>();
function searchTextsOf(coach: Coach): string[] {
  let texts = searchTexts.get(coach);
  if (!texts) {
    texts = [
      `${coach.firstName} ${coach.lastName}`,
      coach.specialty,
      coach.secondarySpecialty,
      ...coach.areasOfInterest,
    ]
      .filter((text): text is string => Boolean(text))
      .map((text) => text.toLowerCase());
    searchTexts.set(coach, texts);
  }
  return texts;
}

/** Name, specialty or areas of interest contain the search text, ignoring case (spec section 5). */
export function matchesSearch(coach: Coach, q: string | undefined): boolean {
  const needle = q?.trim().toLowerCase();
  if (!needle) return true;
  return searchTextsOf(coach).some((text) => text.includes(needle));
}

export function matchesSpecialty(coach: Coach, specialty: string | undefined): boolean {
  if (!specialty) return true;
  const wanted = specialty.toLowerCase();
  return [coach.specialty, coach.secondarySpecialty].some((s) => s?.toLowerCase() === wanted);
}

/** '15-20' → 15, '20+' → 20; a coach without a readable number never meets a threshold. */
export function meetsExperience(coach: Coach, threshold: DirectoryExperienceThreshold | undefined): boolean {
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

const isOffset = (position: unknown): position is { offset: number } =>
  typeof position === 'object' &&
  position !== null &&
  Number.isSafeInteger((position as { offset?: unknown }).offset) &&
  (position as { offset: number }).offset >= 0;

/**
 * One page of an already ordered list, with an opaque cursor to the next page. The directory's
 * order (last name, first name, user id) comes from the directory index's sort key.
 */
export function pageOf<T>(list: readonly T[], cursor: string | undefined, limit: number) {
  const offset = cursor ? decodeCursor(cursor, isOffset).offset : 0;
  const items = list.slice(offset, offset + limit);
  const next = offset + limit;
  return { items, ...(next < list.length ? { nextCursor: encodeCursor({ offset: next }) } : {}) };
}

/** The card clamps the bio to three lines; this is comfortably more than they hold. */
export const CARD_EXCERPT_LENGTH = 240;

/** A bio cut to what the card shows, at a word boundary, marked with an ellipsis when cut. */
export function cardExcerpt(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  if (trimmed.length <= CARD_EXCERPT_LENGTH) return trimmed;
  const cut = trimmed.slice(0, CARD_EXCERPT_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > CARD_EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** What a coach card shows, with the directory's display defaults (spec section 3). */
export interface CoachDisplay {
  name: string;
  credentials: string | null;
  /** null hides the line. */
  specialtyLine: string | null;
  /** null hides the line. */
  secondaryLine: string | null;
  bio: string;
  languages: string[];
  rateLabel: string;
  areas: string[];
  isNewMentor: boolean;
  /** null shows the placeholder image. */
  headshotUrl: string | null;
}

const UNKNOWN_NAME = 'Unknown Coach';
const DEFAULT_SPECIALTY = 'General Medicine';
const DEFAULT_SECONDARY_SPECIALTY = 'General Practice';
/** 'No specific specialty' is stored as this, which says nothing worth a line on the card. */
const NO_SPECIALTY = 'Other';
const DEFAULT_BIO = 'Experienced medical professional dedicated to mentoring.';
const DEFAULT_LANGUAGE = 'English';
const NO_RATE_LABEL = 'Contact for rates';

const filled = (text: string | null | undefined): string | null => text?.trim() || null;

const distinctFilled = (texts: ReadonlyArray<string | null>): string[] => [
  ...new Set(texts.map(filled).filter((text): text is string => text !== null)),
];

const shownUnless = (text: string, hidden: readonly string[]) => (hidden.includes(text) ? null : text);

export const hourlyRateLabel = (cents: number): string =>
  cents > 0 ? `${formatWholeDollars(cents)}/hour` : NO_RATE_LABEL;

/** Areas of interest, or else the coach's own specialties, never the display defaults. */
function displayAreas(coach: Coach): string[] {
  const areas = distinctFilled(coach.areasOfInterest);
  if (areas.length > 0) return areas;
  return distinctFilled([coach.specialty, coach.secondarySpecialty]).filter((s) => s !== NO_SPECIALTY);
}

export function coachDisplay(coach: Coach): CoachDisplay {
  const languages = distinctFilled(coach.languages);
  return {
    name: filled(`${coach.firstName} ${coach.lastName}`) ?? UNKNOWN_NAME,
    credentials: filled(coach.credentials),
    specialtyLine: shownUnless(filled(coach.specialty) ?? DEFAULT_SPECIALTY, [NO_SPECIALTY]),
    secondaryLine: shownUnless(filled(coach.secondarySpecialty) ?? DEFAULT_SECONDARY_SPECIALTY, [
      DEFAULT_SECONDARY_SPECIALTY,
      NO_SPECIALTY,
    ]),
    bio: filled(coach.coachBio) ?? filled(coach.bio) ?? DEFAULT_BIO,
    languages: languages.length > 0 ? languages : [DEFAULT_LANGUAGE],
    rateLabel: hourlyRateLabel(coach.hourlyRateCents),
    areas: displayAreas(coach),
    isNewMentor: coach.totalRatings < NEW_MENTOR_RATINGS_BELOW,
    headshotUrl: filled(coach.headshotUrl),
  };
}
