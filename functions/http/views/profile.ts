import { DEFAULT_PROFILE_TIME_ZONE } from '../../domain/constants';
import type { ProfileItem } from '../../domain/profile-item';
import type { Profile } from '../../schemas/profile';
import { sharedProfileFields } from './profile-fields';

/** The owner's view of a profile: provider account ids become flags and never leave the server. */
export function toProfileView(item: ProfileItem): Profile {
  return {
    userId: item.userId,
    email: item.email,
    userType: item.userType,
    published: item.published,
    firstName: item.firstName,
    lastName: item.lastName,
    ...sharedProfileFields(item),
    linkedinWebsite: item.linkedinWebsite ?? null,
    timezone: item.timezone ?? DEFAULT_PROFILE_TIME_ZONE,
    institution: item.institution ?? null,
    yearOfGraduation: item.yearOfGraduation ?? null,
    emailNotifications: item.emailNotifications ?? true,
    hourlyRateCents: item.hourlyRateCents ?? null,
    paymentAccount: {
      connected: Boolean(item.stripeAccountId),
      onboardingComplete: item.stripeOnboardingComplete ?? false,
    },
    zoomConnected: item.zoomConnected ?? false,
    calendlyConnected: item.calendlyConnected ?? false,
    ...(item.plan ? { plan: item.plan } : {}),
  };
}
