import { describe, expect, it } from 'vitest';
import type { ProfileItem } from '../../functions/domain/profile-item';
import { setupChecklist } from '../../functions/domain/publication';
import { ratesUpdate } from '../../functions/schemas/coach-settings';

const mentor = (fields: Partial<ProfileItem> = {}): ProfileItem => ({
  userId: 'u',
  email: 'u@x.test',
  userType: 'mentor',
  published: false,
  firstName: 'Ada',
  lastName: 'Okafor',
  hourlyRateCents: 15000,
  coachBio: 'I help residents find leadership roles.',
  createdAt: '',
  updatedAt: '',
  ...fields,
});

describe('setupChecklist', () => {
  it('is ready with the profile and one slot, payment being optional (2 of 3)', () => {
    expect(setupChecklist(mentor(), 1)).toEqual({
      ready: true,
      done: ['profile', 'availability'],
      missing: [],
      missingProfileFields: [],
    });
  });

  it('counts a completed payment setup as the third item', () => {
    expect(setupChecklist(mentor({ stripeOnboardingComplete: true }), 1).done).toEqual([
      'profile',
      'availability',
      'payment',
    ]);
  });

  it('needs at least one availability slot', () => {
    expect(setupChecklist(mentor(), 0)).toMatchObject({ ready: false, missing: ['availability'] });
  });

  it.each([
    ['first name', { firstName: '  ' }],
    ['last name', { lastName: '' }],
    ['hourly rate', { hourlyRateCents: null }],
    ['coach bio', { coachBio: ' ' }],
  ])('needs the profile information and names it: no %s', (field, fields) => {
    expect(setupChecklist(mentor(fields), 3)).toMatchObject({
      ready: false,
      missing: ['profile'],
      missingProfileFields: [field],
    });
  });

  it('takes the sign-up bio for the coach bio, as the public page shows it', () => {
    expect(setupChecklist(mentor({ coachBio: null, bio: 'Cardiologist turned CMO.' }), 1).ready).toBe(true);
  });
});

describe('ratesUpdate', () => {
  const rates = (hourlyRateCents: unknown) => ratesUpdate.safeParse({ hourlyRateCents, offersFreeConsult: false });
  const messageOf = (result: ReturnType<typeof rates>) => result.error?.issues[0]?.message;

  it('takes whole dollars of at least $1, kept in cents', () => {
    expect(rates(100).success).toBe(true);
    expect(rates(25000).data).toEqual({ hourlyRateCents: 25000, offersFreeConsult: false, freeConsultMinutes: 15 });
  });

  it('answers the spec messages for a missing or too small rate', () => {
    expect(messageOf(rates(undefined))).toBe('Please enter your hourly rate');
    expect(messageOf(rates(99))).toBe('Please enter a valid hourly rate of at least $1.00');
    expect(messageOf(rates(-500))).toBe('Please enter a valid hourly rate of at least $1.00');
  });

  it('refuses cents that are not whole dollars and free consultations that are not 15 or 30 minutes', () => {
    expect(rates(150).success).toBe(false);
    expect(
      ratesUpdate.safeParse({ hourlyRateCents: 100, offersFreeConsult: true, freeConsultMinutes: 45 }).success,
    ).toBe(false);
  });
});

describe('external calendar URL', () => {
  const withUrl = (calendlyUrl: unknown) =>
    ratesUpdate.safeParse({ hourlyRateCents: 100, offersFreeConsult: false, calendlyUrl });

  it.each(['https://calendly.com/dr-okafor', 'https://calendly.com/dr.okafor_2/30min', ''])('accepts %j', (url) => {
    expect(withUrl(url).success).toBe(true);
  });

  it.each([
    'http://calendly.com/dr',
    'https://calendly.com/',
    'https://evil.example/calendly.com/dr',
    'https://calendly.com/dr okafor',
  ])('refuses %j with the spec message', (url) => {
    expect(withUrl(url).error?.issues[0]?.message).toBe('Invalid Calendly URL');
  });
});
