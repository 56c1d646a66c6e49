import { escapeHtml } from './html';

/**
 * Verified physicians: the NPI's check digit, and what an answer of the NPPES NPI Registry
 * (API version 2.1) says about a mentor. Pure: the registry call is adapters/npi-registry.ts.
 */

export const NPI_LENGTH = 10;
/** The ISO card-issuer prefix of US health identifiers, which the NPI's Luhn check digit covers. */
const NPI_CARD_PREFIX = '80840';
export const INVALID_NPI_MESSAGE = 'Please enter a 10-digit NPI (National Provider Identifier).';

/** Ten digits whose last is the Luhn check digit of `80840` followed by the first nine. */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `${NPI_CARD_PREFIX}${npi.slice(0, 9)}`;
  let sum = 0;
  // Doubling starts at the rightmost digit, the one next to the check digit.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let digit = Number(digits[i]) * (double ? 2 : 1);
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(npi[9]);
}

/** Spaces and dashes people type between digit groups are not part of the number. */
export const normalizedNpi = (typed: string) => typed.replace(/[\s-]/g, '');

/** How many checks a mentor may ask for in one UTC day. */
export const MAX_NPI_CHECKS_PER_DAY = 5;
export const TOO_MANY_NPI_CHECKS_MESSAGE = `You can check your NPI at most ${MAX_NPI_CHECKS_PER_DAY} times a day. Please try again tomorrow.`;

export type VerificationStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

export const REJECTION_REASONS = {
  otherName: 'The registry lists this NPI for another name.',
  organisation: 'The registry lists this NPI for an organisation.',
  deactivated: 'The registry lists this NPI as deactivated.',
  notPhysician: 'The registry lists this NPI not as a physician.',
  notFound: 'The registry has no record of this NPI.',
} as const;

/** The parts of a registry answer (`GET /api/?version=2.1&number=…`) the check reads. */
export interface RegistryTaxonomy {
  code?: string;
  desc?: string;
  primary?: boolean;
}
export interface RegistryResult {
  enumeration_type?: string;
  number?: string;
  basic?: {
    first_name?: string;
    last_name?: string;
    credential?: string;
    organization_name?: string;
    /** `A` while active; the stand-in and older answers carry `D` with a deactivation date. */
    status?: string;
    deactivation_date?: string;
  };
  taxonomies?: RegistryTaxonomy[];
}
export interface RegistryAnswer {
  result_count?: number;
  results?: RegistryResult[];
  /** The registry reports some failures as HTTP 200 with this body instead of results. */
  Errors?: { description?: string; field?: string; number?: string }[];
}

/** What was read from the registry, kept with the outcome. */
export interface RegistrySnapshot {
  enumerationType: string | null;
  name: string | null;
  credential: string | null;
  taxonomyCode: string | null;
  taxonomy: string | null;
  active: boolean;
}

/** A mentor's NPI and the state of its registry check (`USER#id / NPI`); the badge itself is on the profile. */
export interface NpiRecord {
  userId: string;
  npi: string;
  status: 'pending' | 'verified' | 'rejected';
  /** Each request for a check (a new NPI, a new name, asking again) gets a new id; an outcome lands only on its own. */
  checkId: string;
  reason?: string;
  checkedAt?: string;
  snapshot?: RegistrySnapshot;
  /** Checks that could not reach the registry since the last request. */
  retries: number;
  /** Set when a re-check took the badge away; the mentor is told once, then `removalMailedAt`. */
  badgeRemovedAt?: string;
  removalMailedAt?: string;
  updatedAt: string;
}

export type CheckOutcome =
  | { state: 'unavailable'; detail: string }
  | { state: 'verified'; snapshot: RegistrySnapshot }
  | { state: 'rejected'; reason: string; snapshot: RegistrySnapshot | null };

/** Letters that carry no separable accent, as the registry (ASCII capitals) spells them. */
const PLAIN_LETTERS: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Case, accents, hyphens and other punctuation or spacing never decide whether two last names match. */
export const comparableName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (letter) => PLAIN_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]/gu, '');

export function lastNamesMatch(profileLastName: string, registryLastName: string | undefined): boolean {
  const mine = comparableName(profileLastName);
  return mine.length > 0 && mine === comparableName(registryLastName ?? '');
}

/** Allopathic and osteopathic physicians (207…), and the physician-only codes under 208…. */
const PHYSICIAN_TAXONOMY = /^20[78]/;
const PHYSICIAN_CREDENTIALS = new Set(['MD', 'DO']);

export const primaryTaxonomy = (taxonomies: readonly RegistryTaxonomy[] | undefined): RegistryTaxonomy | null =>
  taxonomies?.find((taxonomy) => taxonomy.primary) ?? null;

/** "M.D., Ph.D." → ['MD', 'PHD']. */
const credentialTokens = (credential: string | undefined) =>
  (credential ?? '')
    .toUpperCase()
    .replace(/\./g, '')
    .split(/[\s,;/]+/)
    .filter(Boolean);

export function isPhysician(result: RegistryResult): boolean {
  const code = primaryTaxonomy(result.taxonomies)?.code ?? '';
  return (
    PHYSICIAN_TAXONOMY.test(code) ||
    credentialTokens(result.basic?.credential).some((token) => PHYSICIAN_CREDENTIALS.has(token))
  );
}

const titleCase = (text: string) => text.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (start) => start.toUpperCase());

function snapshotOf(result: RegistryResult): RegistrySnapshot {
  const basic = result.basic ?? {};
  const taxonomy = primaryTaxonomy(result.taxonomies);
  const personName = [basic.first_name, basic.last_name].filter(Boolean).join(' ');
  const name = basic.organization_name ?? (personName || null);
  return {
    enumerationType: result.enumeration_type ?? null,
    name: name && titleCase(name),
    credential: basic.credential ?? null,
    taxonomyCode: taxonomy?.code ?? null,
    taxonomy: taxonomy?.desc ?? null,
    active: basic.status === 'A',
  };
}

/**
 * What the registry's answer says about a mentor with this last name: verified when it lists one
 * individual (NPI-1), active NPI under that last name (the first name may be an alias or an
 * initial), as a physician by primary taxonomy or by credential (MD, DO).
 */
export function evaluateRegistryAnswer(answer: RegistryAnswer, profileLastName: string, npi: string): CheckOutcome {
  if (answer.Errors?.length) {
    const detail = answer.Errors.map((error) => error.description ?? 'error').join('; ');
    return { state: 'unavailable', detail: `The registry answered with errors: ${detail}` };
  }
  const result = answer.results?.find((candidate) => candidate.number === undefined || candidate.number === npi);
  if (!answer.result_count || !result) return { state: 'rejected', reason: REJECTION_REASONS.notFound, snapshot: null };
  const snapshot = snapshotOf(result);
  if (result.enumeration_type !== 'NPI-1')
    return { state: 'rejected', reason: REJECTION_REASONS.organisation, snapshot };
  if (!snapshot.active) return { state: 'rejected', reason: REJECTION_REASONS.deactivated, snapshot };
  if (!lastNamesMatch(profileLastName, result.basic?.last_name))
    return { state: 'rejected', reason: REJECTION_REASONS.otherName, snapshot };
  if (!isPhysician(result)) return { state: 'rejected', reason: REJECTION_REASONS.notPhysician, snapshot };
  return { state: 'verified', snapshot };
}

/**
 * When a check that could not reach the registry runs again, by how many retries it has had:
 * soon at first, then further apart; after the last the state stays pending until the mentor asks again.
 */
const RETRY_DELAYS_MINUTES = [1, 5, 30, 120, 720] as const;

export function nextRetryAt(retriesSoFar: number, now: Date, minuteMs = 60_000): Date | null {
  const minutes = RETRY_DELAYS_MINUTES[retriesSoFar];
  return minutes === undefined ? null : new Date(now.getTime() + minutes * minuteMs);
}

/** The badge's detail: exactly what was checked, and nothing more (an NPI is not a licence). */
export function badgeDetail(verification: { checkedAt: string; taxonomy: string }): string {
  const date = new Date(verification.checkedAt).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return `Checked against the NPPES NPI Registry on ${date}: active individual NPI, ${verification.taxonomy}, name matches.`;
}

export const BADGE_LABEL = 'NPI verified';

/** The one e-mail a mentor gets when a re-check takes the badge away. */
export function badgeRemovedEmail(mentor: { email: string; firstName: string }, reason: string, siteOrigin: string) {
  const settingsUrl = `${siteOrigin}/settings?tab=coaching`;
  const lines = [
    `Hello ${mentor.firstName},`,
    `The monthly check of your NPI against the NPPES NPI Registry found a change: ${reason} We have removed the "${BADGE_LABEL}" badge from your mentor profile.`,
    `If this is a mistake, correct your NPI or your name in your coaching settings and check again: ${settingsUrl}`,
  ];
  return {
    to: mentor.email,
    subject: `Your "${BADGE_LABEL}" badge was removed`,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}
