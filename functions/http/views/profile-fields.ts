import { DEFAULT_FREE_CONSULT_MINUTES, DEFAULT_LANGUAGES } from '../../domain/constants';
import type { ProfileItem } from '../../domain/profile-item';

/**
 * The fields a coach's public view and the owner's profile both show, with the same defaults.
 * Each view names its fields one by one, so a private field never leaves by accident.
 */
export const sharedProfileFields = (item: Partial<ProfileItem>) => ({
  credentials: item.credentials ?? null,
  subtitle: item.subtitle ?? null,
  specialty: item.specialty ?? null,
  secondarySpecialty: item.secondarySpecialty ?? null,
  experience: item.experience ?? null,
  location: item.location ?? null,
  headshotUrl: item.headshotUrl ?? null,
  bio: item.bio ?? null,
  coachBio: item.coachBio ?? null,
  areasOfInterest: item.areasOfInterest ?? [],
  languages: item.languages?.length ? item.languages : DEFAULT_LANGUAGES,
  offersFreeConsult: item.offersFreeConsult ?? false,
  freeConsultMinutes: item.freeConsultMinutes ?? DEFAULT_FREE_CONSULT_MINUTES,
  calendlyUrl: item.calendlyUrl ?? null,
});
