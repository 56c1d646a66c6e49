import type { Coach } from '../schemas/coach';
import { DEFAULT_LANGUAGES, NEW_MENTOR_RATINGS_BELOW } from './constants';
import { decodeCursor, encodeCursor } from './cursor';
import type { DirectoryExperienceThreshold } from './fixed-lists';
import { formatWholeDollars } from './money';
import { fullName } from './display-name';

export interface DirectoryFilters {
  q?: string;
  specialty?: string;
  experience?: DirectoryExperienceThreshold;
  /** Verified physicians only (the NPI registry check). */
  verified?: boolean;
  /** Mentors offering a monthly plan only. */
  plan?: boolean;
}

/** Between the texts of one coach in its search text; a search holding it matches no coach. */
const FIELD_SEPARATOR = '\n';

/** What the filters compare, worked out from a coach once: lowercased, the experience as a number. */
interface Facets {
  /** Name, specialties and areas of interest, lowercased, one field a line. */
  text: string;
  specialties: string[];
  /** NaN when the experience has no readable number. */
  years: number;
  verified: boolean;
  hasPlan: boolean;
}

function facetsOf(coach: Coach): Facets {
  const specialties = [coach.specialty, coach.secondarySpecialty].filter((text): text is string => Boolean(text));
  return {
    text: [fullName(coach), ...specialties, ...coach.areasOfInterest].join(FIELD_SEPARATOR).toLowerCase(),
    specialties: specialties.map((text) => text.toLowerCase()),
    years: Number.parseInt(coach.experience ?? '', 10),
    verified: coach.verification?.status === 'verified',
    hasPlan: coach.plan !== undefined,
  };
}

/**
 * Each directory list's facets, in its order, worked out at its first filtering: the directory keeps
 * the same list in memory between requests (http/directory.ts), and lowercasing 10,000 profiles at
 * every request was most of a search's cost.
 */
const facetsByList = new WeakMap<readonly Coach[], Facets[]>();
function facetsOfList(coaches: readonly Coach[]): Facets[] {
  let facets = facetsByList.get(coaches);
  if (!facets) {
    facets = coaches.map(facetsOf);
    facetsByList.set(coaches, facets);
  }
  return facets;
}

/** The length of the pieces a list's search index is made of (indexOfPieces). */
const PIECE_LENGTH = 3;

/**
 * For each three-character piece of a list's search texts, the positions of the coaches whose text
 * holds it, ascending. A coach matching a search holds every piece of the search text, so only the
 * coaches under its rarest piece need the full test: at 10,000 coaches a typical search tests a few
 * dozen texts instead of all of them.
 */
function indexOfPieces(facets: readonly Facets[]): Map<string, Int32Array> {
  const holders = new Map<string, number[]>();
  facets.forEach(({ text }, position) => {
    for (let at = 0; at + PIECE_LENGTH <= text.length; at++) {
      const piece = text.slice(at, at + PIECE_LENGTH);
      const list = holders.get(piece);
      if (!list) holders.set(piece, [position]);
      else if (list[list.length - 1] !== position) list.push(position);
    }
  });
  return new Map([...holders].map(([piece, positions]) => [piece, Int32Array.from(positions)]));
}

/**
 * Making a list's index costs about what this many searches that test every coach cost (40 ms
 * against 0.3 ms at 10,000 coaches). So a list gets its index once it has been searched that often:
 * a list searched rarely never pays for one, the first search after a cold start or a directory
 * change does not wait for it, and under a stream of searches that never repeat it comes at once.
 */
const SEARCHES_BEFORE_INDEX = 100;

const searchesByList = new WeakMap<readonly Facets[], { searches: number; index?: Map<string, Int32Array> }>();
function searchIndexOf(facets: readonly Facets[]): Map<string, Int32Array> | null {
  let list = searchesByList.get(facets);
  if (!list) {
    list = { searches: 0 };
    searchesByList.set(facets, list);
  }
  if (!list.index && ++list.searches > SEARCHES_BEFORE_INDEX) list.index = indexOfPieces(facets);
  return list.index ?? null;
}

const NO_POSITIONS = new Int32Array(0);

/** The positions, ascending, of the only coaches that can match this search text; null when any can. */
function searchCandidates(facets: readonly Facets[], needle: string | null): Int32Array | null {
  if (!needle || needle.length < PIECE_LENGTH) return null;
  const index = searchIndexOf(facets);
  if (!index) return null;
  let rarest: Int32Array | undefined;
  for (let at = 0; at + PIECE_LENGTH <= needle.length; at++) {
    const holders = index.get(needle.slice(at, at + PIECE_LENGTH)) ?? NO_POSITIONS;
    if (!rarest || holders.length < rarest.length) rarest = holders;
  }
  return rarest ?? null;
}

type FacetTest = (facets: Facets) => boolean;

/** The search text as the facets hold theirs; null when there is none. */
const searchNeedle = (q: string | undefined) => q?.trim().toLowerCase() || null;

/** Name, specialty or areas of interest contain the search text (searchNeedle), ignoring case (spec section 5). */
function searchTest(needle: string | null): FacetTest | null {
  if (!needle) return null;
  if (needle.includes(FIELD_SEPARATOR)) return () => false;
  return (facets) => facets.text.includes(needle);
}

function specialtyTest(specialty: string | undefined): FacetTest | null {
  if (!specialty) return null;
  const wanted = specialty.toLowerCase();
  return (facets) => facets.specialties.includes(wanted);
}

/** '15-20' → 15, '20+' → 20; a coach without a readable number never meets a threshold. */
function experienceTest(threshold: DirectoryExperienceThreshold | undefined): FacetTest | null {
  if (!threshold) return null;
  const minimum = Number(threshold);
  return (facets) => Number.isFinite(facets.years) && facets.years >= minimum;
}

const verifiedTest = (verified: boolean | undefined): FacetTest | null =>
  verified ? (facets) => facets.verified : null;

const planTest = (plan: boolean | undefined): FacetTest | null => (plan ? (facets) => facets.hasPlan : null);

const passes = (test: FacetTest | null, coach: Coach) => !test || test(facetsOf(coach));

export const matchesSearch = (coach: Coach, q: string | undefined) => passes(searchTest(searchNeedle(q)), coach);
export const matchesSpecialty = (coach: Coach, specialty: string | undefined) =>
  passes(specialtyTest(specialty), coach);
export const meetsExperience = (coach: Coach, threshold: DirectoryExperienceThreshold | undefined) =>
  passes(experienceTest(threshold), coach);

/** The coaches passing every filter, in their order; without a filter, the list itself, not a copy. */
export function filterCoaches(coaches: readonly Coach[], filters: DirectoryFilters): readonly Coach[] {
  const needle = searchNeedle(filters.q);
  const tests = [
    searchTest(needle),
    specialtyTest(filters.specialty),
    experienceTest(filters.experience),
    verifiedTest(filters.verified),
    planTest(filters.plan),
  ].filter((test): test is FacetTest => test !== null);
  if (tests.length === 0) return coaches;
  const facets = facetsOfList(coaches);
  const passesAll = (position: number) => tests.every((test) => test(facets[position] as Facets));
  const candidates = searchCandidates(facets, needle);
  if (!candidates) return coaches.filter((_, position) => passesAll(position));
  const matches: Coach[] = [];
  for (const position of candidates) if (passesAll(position)) matches.push(coaches[position] as Coach);
  return matches;
}

/** What remembering one search costs besides its matches (its key, the map's entry), in matches. */
const SEARCH_OVERHEAD = 100;

/**
 * `filterCoaches` that remembers, for each list it is given (the directory keeps one in memory until
 * it refreshes, http/directory.ts), the matches of its recent sets of filters, up to `maxMatches` in
 * all, each search counting SEARCH_OVERHEAD more, so searches that match nothing are bounded too;
 * the oldest are forgotten first.
 */
export function rememberingFilter(maxMatches: number) {
  const byList = new WeakMap<readonly Coach[], { searches: Map<string, readonly Coach[]>; size: number }>();
  return (coaches: readonly Coach[], filters: DirectoryFilters): readonly Coach[] => {
    let remembered = byList.get(coaches);
    if (!remembered) {
      remembered = { searches: new Map(), size: 0 };
      byList.set(coaches, remembered);
    }
    const key = JSON.stringify([
      filters.q,
      filters.specialty,
      filters.experience,
      filters.verified === true,
      filters.plan === true,
    ]);
    const known = remembered.searches.get(key);
    if (known) return known;
    const matching = filterCoaches(coaches, filters);
    const cost = (matches: readonly Coach[]) => matches.length + SEARCH_OVERHEAD;
    for (const [oldest, matches] of remembered.searches) {
      if (remembered.size + cost(matching) <= maxMatches) break;
      remembered.searches.delete(oldest);
      remembered.size -= cost(matches);
    }
    remembered.searches.set(key, matching);
    remembered.size += cost(matching);
    return matching;
  };
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
    name: filled(fullName(coach)) ?? UNKNOWN_NAME,
    credentials: filled(coach.credentials),
    specialtyLine: shownUnless(filled(coach.specialty) ?? DEFAULT_SPECIALTY, [NO_SPECIALTY]),
    secondaryLine: shownUnless(filled(coach.secondarySpecialty) ?? DEFAULT_SECONDARY_SPECIALTY, [
      DEFAULT_SECONDARY_SPECIALTY,
      NO_SPECIALTY,
    ]),
    bio: filled(coach.coachBio) ?? filled(coach.bio) ?? DEFAULT_BIO,
    languages: languages.length > 0 ? languages : [...DEFAULT_LANGUAGES],
    rateLabel: hourlyRateLabel(coach.hourlyRateCents),
    areas: displayAreas(coach),
    isNewMentor: coach.totalRatings < NEW_MENTOR_RATINGS_BELOW,
    headshotUrl: filled(coach.headshotUrl),
  };
}
