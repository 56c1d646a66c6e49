import type { Coach } from '../schemas/coach';
import {
  DEFAULT_DIRECTORY_TIME_ZONE,
  DEFAULT_FREE_CONSULT_MINUTES,
  DEFAULT_HOURLY_RATE_CENTS,
  DEFAULT_LANGUAGES,
} from '../domain/constants';
import type { ProfileItem } from '../domain/profile-item';

type CoachSource = Pick<ProfileItem, 'userId' | 'firstName' | 'lastName'> & Partial<ProfileItem>;

/** The public view of a coach (spec: coach_profiles), with the view's own defaults. */
export function toCoach(item: CoachSource): Coach {
  return {
    userId: item.userId,
    firstName: item.firstName ?? '',
    lastName: item.lastName ?? '',
    credentials: item.credentials ?? null,
    subtitle: item.subtitle ?? null,
    specialty: item.specialty ?? null,
    secondarySpecialty: item.secondarySpecialty ?? null,
    experience: item.experience ?? null,
    location: item.location ?? null,
    hourlyRateCents: item.hourlyRateCents ?? DEFAULT_HOURLY_RATE_CENTS,
    coachBio: item.coachBio ?? null,
    bio: item.bio ?? null,
    areasOfInterest: item.areasOfInterest ?? [],
    languages: item.languages?.length ? item.languages : DEFAULT_LANGUAGES,
    timezone: item.timezone ?? DEFAULT_DIRECTORY_TIME_ZONE,
    headshotUrl: item.headshotUrl ?? null,
    averageRating: item.averageRating ?? 0,
    totalRatings: item.totalRatings ?? 0,
    offersFreeConsult: item.offersFreeConsult ?? false,
    freeConsultMinutes: item.freeConsultMinutes ?? DEFAULT_FREE_CONSULT_MINUTES,
    calendlyUrl: item.calendlyUrl ?? null,
    ...(item.verification ? { verification: item.verification } : {}),
    ...(item.plan?.active
      ? {
          plan: {
            monthlyPriceCents: item.plan.monthlyPriceCents,
            sessionsPerMonth: item.plan.sessionsPerMonth,
            sessionMinutes: item.plan.sessionMinutes,
            description: item.plan.description,
          },
        }
      : {}),
  };
}
