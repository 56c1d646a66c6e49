import { DEFAULT_FREE_CONSULT_MINUTES, DEFAULT_LANGUAGES, DEFAULT_PROFILE_TIME_ZONE } from '../domain/constants';
import type { ProfileItem } from '../domain/profile-item';
import type { Profile } from '../schemas/profile';

/** The owner's view of a profile: provider account ids become flags and never leave the server. */
export function toProfileView(item: ProfileItem): Profile {
  return {
    userId: item.userId,
    email: item.email,
    userType: item.userType,
    published: item.published,
    firstName: item.firstName,
    lastName: item.lastName,
    headshotUrl: item.headshotUrl ?? null,
    credentials: item.credentials ?? null,
    subtitle: item.subtitle ?? null,
    linkedinWebsite: item.linkedinWebsite ?? null,
    location: item.location ?? null,
    timezone: item.timezone ?? DEFAULT_PROFILE_TIME_ZONE,
    institution: item.institution ?? null,
    yearOfGraduation: item.yearOfGraduation ?? null,
    specialty: item.specialty ?? null,
    secondarySpecialty: item.secondarySpecialty ?? null,
    experience: item.experience ?? null,
    bio: item.bio ?? null,
    coachBio: item.coachBio ?? null,
    areasOfInterest: item.areasOfInterest ?? [],
    languages: item.languages?.length ? item.languages : DEFAULT_LANGUAGES,
    emailNotifications: item.emailNotifications ?? true,
    hourlyRateCents: item.hourlyRateCents ?? null,
    offersFreeConsult: item.offersFreeConsult ?? false,
    freeConsultMinutes: item.freeConsultMinutes ?? DEFAULT_FREE_CONSULT_MINUTES,
    calendlyUrl: item.calendlyUrl ?? null,
    paymentAccount: {
      connected: Boolean(item.stripeAccountId),
      onboardingComplete: item.stripeOnboardingComplete ?? false,
    },
    zoomConnected: item.zoomConnected ?? false,
    calendlyConnected: item.calendlyConnected ?? false,
    ...(item.plan ? { plan: item.plan } : {}),
  };
}
