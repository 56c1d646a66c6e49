import type { ProfileItem } from './profile-item';

export type SetupItem = 'profile' | 'availability' | 'payment';

export interface SetupChecklist {
  /** Every required item is done: publishing is allowed. */
  ready: boolean;
  done: SetupItem[];
  /** Required items still open, for the 409 SETUP_INCOMPLETE details. */
  missing: SetupItem[];
  /** The profile information still empty, in the form's words, so the mentor knows which field to fill. */
  missingProfileFields: ProfileField[];
}

const PROFILE_FIELDS = ['first name', 'last name', 'hourly rate', 'coach bio'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const REQUIRED: readonly SetupItem[] = ['profile', 'availability'];

const filled = (text: string | null | undefined) => Boolean(text?.trim());

/**
 * Spec section 4: publishing needs the profile information (first and last name, hourly rate,
 * coach bio) and at least one availability slot; payment setup is optional ("2 of 3").
 */
export function setupChecklist(profile: ProfileItem, availabilityCount: number): SetupChecklist {
  const profileFields: Record<ProfileField, boolean> = {
    'first name': filled(profile.firstName),
    'last name': filled(profile.lastName),
    'hourly rate': (profile.hourlyRateCents ?? 0) > 0,
    // The public page shows the sign-up bio when there is no coach bio, so either one counts.
    'coach bio': filled(profile.coachBio) || filled(profile.bio),
  };
  const missingProfileFields = PROFILE_FIELDS.filter((field) => !profileFields[field]);
  const state: Record<SetupItem, boolean> = {
    profile: missingProfileFields.length === 0,
    availability: availabilityCount > 0,
    payment: profile.stripeOnboardingComplete === true,
  };
  const items = Object.keys(state) as SetupItem[];
  const missing = REQUIRED.filter((item) => !state[item]);
  return { ready: missing.length === 0, done: items.filter((item) => state[item]), missing, missingProfileFields };
}

export const SETUP_ITEM_LABELS: Record<SetupItem, string> = {
  profile: 'Profile information: first and last name, hourly rate and coach bio',
  availability: 'Availability: at least one time slot',
  payment: 'Payment setup (optional)',
};
