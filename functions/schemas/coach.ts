import * as z from 'zod';
import { DIRECTORY_EXPERIENCE_THRESHOLDS } from '../domain/fixed-lists';

/** The public view of a published coach (spec section 3, coach_profiles), as the API returns it. */
export const coach = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  credentials: z.string().nullable(),
  subtitle: z.string().nullable(),
  specialty: z.string().nullable(),
  secondarySpecialty: z.string().nullable(),
  experience: z.string().nullable(),
  location: z.string().nullable(),
  hourlyRateCents: z.number().int(),
  coachBio: z.string().nullable(),
  bio: z.string().nullable(),
  areasOfInterest: z.array(z.string()),
  languages: z.array(z.string()),
  timezone: z.string(),
  headshotUrl: z.string().nullable(),
  averageRating: z.number(),
  totalRatings: z.number().int(),
  offersFreeConsult: z.boolean(),
  freeConsultMinutes: z.union([z.literal(15), z.literal(30)]),
  calendlyUrl: z.string().nullable(),
});
export type Coach = z.infer<typeof coach>;

/** The directory's page: each card's `coachBio` and `bio` are the card's excerpts (240 characters at most). */
export const coachList = z.object({
  coaches: z.array(coach),
  matchingCount: z.number().int(),
  totalCount: z.number().int(),
  nextCursor: z.string().optional(),
});
export type CoachList = z.infer<typeof coachList>;

/** `GET /api/coaches` query: the directory's filters and paging. */
export const coachListQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    specialty: z.string().trim().max(100).optional(),
    experience: z.enum(DIRECTORY_EXPERIENCE_THRESHOLDS).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(24),
  })
  .strict();
export type CoachListQuery = z.infer<typeof coachListQuery>;

export const coachPath = z.object({ coachId: z.string().min(1).max(64) });

/** `GET /api/coaches/{coachId}/slots`. */
export const slotQuery = z
  .object({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    duration: z.coerce.number().int(),
    /** Ignored by the server: a new value is a new edge-cache key, so the booker sees fresh slots. */
    fresh: z.string().max(32).optional(),
  })
  .strict();

export const slotList = z.object({ slots: z.array(z.object({ start: z.string(), end: z.string() })) });
export type SlotList = z.infer<typeof slotList>;
