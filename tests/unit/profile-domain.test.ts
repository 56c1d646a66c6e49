import { describe, expect, it } from 'vitest';
import type { ProfileItem } from '../../functions/domain/profile-item';
import { DomainError } from '../../functions/domain/errors';
import { applyProfileUpdate, profileFromIdentity, profileFromRegistration } from '../../functions/domain/profile';
import { storedSpecialty } from '../../functions/domain/specialties';
import { toProfileView } from '../../functions/http/views/profile';
import { profile, profileUpdate, registration } from '../../functions/schemas/profile';

const now = new Date('2026-03-01T12:00:00Z');
const earlier = '2026-01-01T00:00:00.000Z';

const stored = (fields: Partial<ProfileItem> = {}): ProfileItem => ({
  userId: 'user-1',
  email: 'ada@example.test',
  userType: 'mentor',
  published: true,
  firstName: 'Ada',
  lastName: 'Okafor',
  specialty: 'Cardiology',
  createdAt: earlier,
  updatedAt: earlier,
  ...fields,
});

describe('profileFromRegistration', () => {
  const signUp = registration.parse({
    userType: 'mentor',
    firstName: 'Ada',
    lastName: 'Okafor',
    email: 'ada@example.test',
    password: 'secret-12',
    confirmPassword: 'secret-12',
    agreedToTerms: true,
    emailNotifications: false,
    credentials: 'MD',
    specialty: 'Cardiology',
    yearOfGraduation: 2005,
    areasOfInterest: ['Career Transition'],
    hourlyRate: 150,
  });

  it('keeps every sign-up field, the rate in cents, unpublished, with the profile defaults, expiring in 7 days until confirmed', () => {
    expect(profileFromRegistration('user-1', signUp, now)).toEqual({
      userId: 'user-1',
      email: 'ada@example.test',
      userType: 'mentor',
      published: false,
      firstName: 'Ada',
      lastName: 'Okafor',
      credentials: 'MD',
      specialty: 'Cardiology',
      yearOfGraduation: 2005,
      areasOfInterest: ['Career Transition'],
      emailNotifications: false,
      hourlyRateCents: 15_000,
      timezone: 'America/New_York',
      languages: ['English'],
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      expiresAt: now.getTime() / 1000 + 7 * 24 * 60 * 60,
    });
  });

  it("makes a mentor's sign-up bio the coach bio too, so it is written once; a mentee's stays their own", () => {
    const bio = 'Twenty years in cardiology.';
    expect(profileFromRegistration('user-1', { ...signUp, bio }, now)).toMatchObject({ bio, coachBio: bio });
    expect(profileFromRegistration('user-1', { ...signUp, userType: 'mentee', bio }, now)).not.toHaveProperty(
      'coachBio',
    );
    expect(profileFromRegistration('user-1', signUp, now)).not.toHaveProperty('coachBio');
  });

  it('never stores the password or the form-only fields', () => {
    const item = profileFromRegistration('user-1', signUp, now) as unknown as Record<string, unknown>;
    for (const field of ['password', 'confirmPassword', 'agreedToTerms', 'hourlyRate'])
      expect(item).not.toHaveProperty(field);
  });
});

describe('profileFromIdentity', () => {
  it('creates an unpublished mentee from the provider account', () => {
    const item = profileFromIdentity({ sub: 'g-1', email: 'g@example.test', givenName: 'Gia', familyName: null }, now);
    expect(item).toMatchObject({ userId: 'g-1', userType: 'mentee', published: false, firstName: 'Gia', lastName: '' });
  });
});

describe('storedSpecialty', () => {
  it("stores 'No specific specialty / General practice' as Other and keeps the rest", () => {
    expect(storedSpecialty('No specific specialty / General practice')).toBe('Other');
    expect(storedSpecialty('Neurology')).toBe('Neurology');
  });
});

describe('applyProfileUpdate', () => {
  it('changes only the given fields and stamps the update', () => {
    const next = applyProfileUpdate(stored({ bio: 'old' }), profileUpdate.parse({ bio: 'new' }), now);
    expect(next).toEqual({ ...stored(), bio: 'new', updatedAt: now.toISOString() });
  });

  it('unpublishes a mentor who switches to mentee, since a mentee is never listed', () => {
    expect(applyProfileUpdate(stored(), { userType: 'mentee' }, now)).toMatchObject({
      userType: 'mentee',
      published: false,
    });
  });

  it('keeps a published mentor published while other fields change', () => {
    expect(applyProfileUpdate(stored(), { userType: 'mentor', bio: 'x' }, now).published).toBe(true);
  });

  it('refuses a new secondary specialty equal to the stored primary', () => {
    expect(() => applyProfileUpdate(stored(), { secondarySpecialty: 'Cardiology' }, now)).toThrow(DomainError);
  });

  it('refuses a new primary equal to the stored secondary', () => {
    const item = stored({ secondarySpecialty: 'Oncology' });
    expect(() => applyProfileUpdate(item, { specialty: 'Oncology' }, now)).toThrow(DomainError);
  });

  it('allows clearing the secondary specialty', () => {
    expect(
      applyProfileUpdate(stored({ secondarySpecialty: 'Oncology' }), { secondarySpecialty: null }, now)
        .secondarySpecialty,
    ).toBeNull();
  });
});

describe('toProfileView', () => {
  it('fills the profile defaults of a sparse row', () => {
    const view = toProfileView(stored({ published: false }));
    expect(view).toMatchObject({
      timezone: 'America/New_York',
      languages: ['English'],
      emailNotifications: true,
      areasOfInterest: [],
      hourlyRateCents: null,
      freeConsultMinutes: 15,
      paymentAccount: { connected: false, onboardingComplete: false },
      zoomConnected: false,
    });
    expect(profile.parse(view)).toEqual(view);
  });

  it('shows the payment account as flags and never its id', () => {
    const view = toProfileView(stored({ stripeAccountId: 'acct_secret', stripeOnboardingComplete: true }));
    expect(view.paymentAccount).toEqual({ connected: true, onboardingComplete: true });
    expect(JSON.stringify(view)).not.toContain('acct_secret');
  });

  it('leaves out storage keys and anything not in the Profile shape', () => {
    const plan = {
      monthlyPriceCents: 30_000,
      sessionsPerMonth: 2,
      sessionMinutes: 60 as const,
      description: '',
      active: true,
    };
    const row = {
      ...stored({ plan }),
      pk: 'USER#user-1',
      dirpk: 'PUBLISHED',
      gsi2pk: 'PLANS',
      averageRating: 4.5,
    } as ProfileItem;
    expect(Object.keys(toProfileView(row)).sort()).toEqual(Object.keys(profile.shape).sort());
  });
});
