import { z } from 'zod';

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

export const coachList = z.object({
  coaches: z.array(coach),
  matchingCount: z.number().int(),
  totalCount: z.number().int(),
  nextCursor: z.string().optional(),
});
export type CoachList = z.infer<typeof coachList>;
