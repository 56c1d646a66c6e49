import type { Coach } from '../../schemas/coach';
import { DEFAULT_DIRECTORY_TIME_ZONE, DEFAULT_HOURLY_RATE_CENTS } from '../../domain/constants';
import { cardExcerpt } from '../../domain/directory';
import type { ProfileItem } from '../../domain/profile-item';
import { sharedProfileFields } from './profile-fields';

type CoachSource = Pick<ProfileItem, 'userId' | 'firstName' | 'lastName'> & Partial<ProfileItem>;

/** The public view of a coach (spec: coach_profiles), with the view's own defaults. */
export function toCoach(item: CoachSource): Coach {
  return {
    userId: item.userId,
    firstName: item.firstName ?? '',
    lastName: item.lastName ?? '',
    ...sharedProfileFields(item),
    hourlyRateCents: item.hourlyRateCents ?? DEFAULT_HOURLY_RATE_CENTS,
    timezone: item.timezone ?? DEFAULT_DIRECTORY_TIME_ZONE,
    averageRating: item.averageRating ?? 0,
    totalRatings: item.totalRatings ?? 0,
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

/** A coach as the directory's card shows them: the plan's description cut to the card's excerpt, as the bios are. */
export const toDirectoryCard = ({ plan, ...item }: CoachSource): Coach =>
  toCoach({ ...item, ...(plan ? { plan: { ...plan, description: cardExcerpt(plan.description) ?? '' } } : {}) });
