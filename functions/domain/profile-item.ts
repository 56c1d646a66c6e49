import type { PlanInput } from '../schemas/plans';
import type { CoachVerification } from '../schemas/coach';
import { DomainError } from './errors';

/**
 * A profile as stored (pk USER#id, sk PROFILE). Field names are the spec's `profiles` fields in
 * camelCase; `published` is the spec's is_coach. Private fields never leave through `toCoach`.
 */
export interface ProfileItem {
  userId: string;
  email: string;
  userType: 'mentee' | 'mentor';
  published: boolean;
  firstName: string;
  lastName: string;
  headshotUrl?: string | null;
  /** Epoch seconds (the table's TTL attribute): a sign-up never confirmed is removed then; confirming removes it (domain/profile.ts). */
  expiresAt?: number;
  credentials?: string | null;
  subtitle?: string | null;
  linkedinWebsite?: string | null;
  location?: string | null;
  timezone?: string | null;
  institution?: string | null;
  yearOfGraduation?: number | null;
  specialty?: string | null;
  secondarySpecialty?: string | null;
  experience?: string | null;
  bio?: string | null;
  coachBio?: string | null;
  areasOfInterest?: string[];
  languages?: string[];
  emailNotifications?: boolean;
  hourlyRateCents?: number | null;
  offersFreeConsult?: boolean;
  freeConsultMinutes?: 15 | 30;
  calendlyUrl?: string | null;
  averageRating?: number;
  totalRatings?: number;
  /** The exact sum of the coach's stars, so the average stays exact (data/rating-writes.ts). */
  ratingSum?: number;
  stripeAccountId?: string | null;
  stripeOnboardingComplete?: boolean;
  /** The provider's capability flags, as last read from it (refresh_status or an account.updated event). */
  stripeChargesEnabled?: boolean;
  stripePayoutsEnabled?: boolean;
  stripeDetailsSubmitted?: boolean;
  /** True once the coach connected Zoom; the tokens themselves live in data/service-connections.ts. */
  zoomConnected?: boolean;
  /** True once the coach connected Calendly; the tokens live in data/calendar-connections.ts. */
  calendlyConnected?: boolean;
  /** The public badge, only while the registry check says verified (data/npi-verifications.ts); the NPI lives in its own item. */
  verification?: CoachVerification;
  /** The coach's monthly mentorship plan (data/coach-settings.ts savePlan). */
  plan?: PlanInput;
  /**
   * Set while support has the account suspended (workflows/moderation/suspension.ts): it cannot
   * sign in, and the API refuses its still-valid tokens (http/handler.ts).
   */
  suspendedAt?: string;
  suspendedReason?: string;
  createdAt: string;
  updatedAt: string;
}

export const profileNotFound = () => new DomainError('NOT_FOUND', 'Finish creating your profile first.');
