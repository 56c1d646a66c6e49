import type { UserInfo } from './ports';
import type { ProfileItem } from './profile-item';
import type { ProfileUpdate, Registration } from '../schemas/profile';
import { DEFAULT_LANGUAGES, DEFAULT_PROFILE_TIME_ZONE } from './constants';
import { DomainError } from './errors';
import { SAME_SPECIALTY_MESSAGE, specialtiesClash } from './specialties';

/** Everything typed at sign-up, stored before the e-mail is even confirmed, on whichever device. */
/** How long a sign-up's profile waits for its e-mail to be confirmed before the table's TTL removes it. */
export const UNCONFIRMED_PROFILE_DAYS = 7;

/** The profile a registration stores, until confirmation with its expiry (UNCONFIRMED_PROFILE_DAYS). */
export function profileFromRegistration(userId: string, registration: Registration, now: Date): ProfileItem {
  const {
    password: _password,
    confirmPassword: _confirmation,
    agreedToTerms: _agreed,
    hourlyRate,
    timezone,
    npi: _npi,
    ...fields
  } = registration;
  const stamp = now.toISOString();
  return {
    ...fields,
    userId,
    published: false,
    timezone: timezone ?? DEFAULT_PROFILE_TIME_ZONE,
    languages: DEFAULT_LANGUAGES,
    ...(hourlyRate == null ? {} : { hourlyRateCents: hourlyRate * 100 }),
    // A mentor writes one bio at sign-up; it is also the coach bio the rates card edits.
    ...(fields.userType === 'mentor' && fields.bio?.trim() ? { coachBio: fields.bio } : {}),
    createdAt: stamp,
    updatedAt: stamp,
    expiresAt: Math.floor(now.getTime() / 1000) + UNCONFIRMED_PROFILE_DAYS * 24 * 60 * 60,
  };
}

/** First sign-in through a third-party provider: a mentee, unpublished (spec section 4), in the browser's zone. */
export function profileFromIdentity(user: UserInfo, now: Date, timezone = DEFAULT_PROFILE_TIME_ZONE): ProfileItem {
  const stamp = now.toISOString();
  return {
    userId: user.sub,
    email: user.email,
    userType: 'mentee',
    published: false,
    firstName: user.givenName ?? '',
    lastName: user.familyName ?? '',
    timezone,
    languages: DEFAULT_LANGUAGES,
    emailNotifications: true,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/**
 * The profile after the user's own edit. A mentee is never listed, so switching to mentee
 * unpublishes; switching back to mentor leaves the profile unpublished until published again.
 */
export function applyProfileUpdate(current: ProfileItem, update: ProfileUpdate, now: Date): ProfileItem {
  const next: ProfileItem = { ...current, ...update, updatedAt: now.toISOString() };
  // The badge says the registry lists this name: a new name goes back to pending (workflows/verification/npi-checks.ts).
  if (nameChanged(current, next)) delete next.verification;
  if (specialtiesClash(next.specialty, next.secondarySpecialty)) {
    throw new DomainError('VALIDATION_FAILED', SAME_SPECIALTY_MESSAGE, [
      { field: 'body.secondarySpecialty', message: SAME_SPECIALTY_MESSAGE },
    ]);
  }
  return next.userType === 'mentee' ? { ...next, published: false } : next;
}

export const nameChanged = (before: Pick<ProfileItem, 'firstName' | 'lastName'>, after: typeof before) =>
  before.firstName !== after.firstName || before.lastName !== after.lastName;
