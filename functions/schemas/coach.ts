import { DIRECTORY_EXPERIENCE_THRESHOLDS } from '../domain/fixed-lists';
import { publicPlan } from './plans';
import { recordId } from './record-id';
import * as z from './zod';

/** The badge: present only while the NPI registry check says verified; what was checked, never the NPI. */
export const coachVerification = z.object({
  status: z.literal('verified'),
  checkedAt: z.string(),
  taxonomy: z.string(),
});
export type CoachVerification = z.infer<typeof coachVerification>;

/** The public view of a published coach (spec section 3, coach_profiles), as the API returns it. */
export const coach = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  credentials: z.nullable(z.string()),
  subtitle: z.nullable(z.string()),
  specialty: z.nullable(z.string()),
  secondarySpecialty: z.nullable(z.string()),
  experience: z.nullable(z.string()),
  location: z.nullable(z.string()),
  hourlyRateCents: z.int(),
  coachBio: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  areasOfInterest: z.array(z.string()),
  languages: z.array(z.string()),
  timezone: z.string(),
  headshotUrl: z.nullable(z.string()),
  averageRating: z.number(),
  totalRatings: z.int(),
  offersFreeConsult: z.boolean(),
  freeConsultMinutes: z.union([z.literal(15), z.literal(30)]),
  calendlyUrl: z.nullable(z.string()),
  verification: z.optional(coachVerification),
  /** The coach's monthly mentorship plan, while it is on. */
  plan: z.optional(publicPlan),
});
export type Coach = z.infer<typeof coach>;

/** The directory's page: each card's `coachBio`, `bio` and `plan.description` are the card's excerpts (240 characters at most). */
export const coachList = z.object({
  coaches: z.array(coach),
  matchingCount: z.int(),
  totalCount: z.int(),
  nextCursor: z.optional(z.string()),
});
export type CoachList = z.infer<typeof coachList>;

const searchText = z.optional(z.string().check(z.trim(), z.maxLength(100)));

/** A yes/no filter as the query string carries it. */
const queryFlag = z.optional(
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((flag) => flag === 'true'),
  ),
);

/** `GET /api/coaches` query: the directory's filters and paging. */
export const coachListQuery = z.strictObject({
  q: searchText,
  specialty: searchText,
  experience: z.optional(z.enum(DIRECTORY_EXPERIENCE_THRESHOLDS)),
  /** `true`: verified physicians only; `matchingCount` counts with it. */
  verified: queryFlag,
  /** `true`: mentors offering a monthly plan only; `matchingCount` counts with it. */
  plan: queryFlag,
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 24),
});
export type CoachListQuery = z.infer<typeof coachListQuery>;

export const coachPath = z.object({ coachId: recordId });

/** `GET /api/coaches/{coachId}/slots`. */
export const slotQuery = z.strictObject({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  duration: z.coerce.number().check(z.int()),
  /** A free consultation's slots need less notice than a paid session's (domain/booking.ts). */
  kind: z._default(z.enum(['paid', 'free']), 'paid'),
  /** A new value is a new edge-cache key, so the booker sees fresh slots; only the clock's current step (http/edge-cache.ts). */
  fresh: z.optional(z.string().check(z.maxLength(32))),
});

export const slotList = z.object({ slots: z.array(z.object({ start: z.string(), end: z.string() })) });
export type SlotList = z.infer<typeof slotList>;
