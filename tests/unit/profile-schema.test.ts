import { describe, expect, it } from 'vitest';
import type * as z from '../../functions/schemas/zod';
import { MEDICAL_SPECIALTIES } from '../../functions/domain/fixed-lists';
import { NO_SPECIFIC_SPECIALTY, SAME_SPECIALTY_MESSAGE } from '../../functions/domain/specialties';
import { RATE_INVALID_MESSAGE, RATE_REQUIRED_MESSAGE } from '../../functions/schemas/coach-settings';
import {
  EMAIL_INVALID_MESSAGE,
  FIRST_NAME_REQUIRED_MESSAGE,
  GRADUATION_YEAR_INVALID_MESSAGE,
  LAST_NAME_REQUIRED_MESSAGE,
  PASSWORD_EDGE_SPACE_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORDS_DONT_MATCH_MESSAGE,
  PROFILE_TEXT_LIMITS,
  password,
  profileUpdate,
  registration,
  TERMS_REQUIRED_MESSAGE,
  TIME_ZONE_INVALID_MESSAGE,
  USER_TYPE_REQUIRED_MESSAGE,
  WEBSITE_INVALID_MESSAGE,
} from '../../functions/schemas/profile';

/** Field path → messages, as a form shows them. */
function messagesOf(schema: z.ZodMiniType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '(form)';
    messages[field] = [...(messages[field] ?? []), issue.message];
  }
  return messages;
}

const mentee = {
  userType: 'mentee',
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada@example.test',
  password: 'secret-12',
  confirmPassword: 'secret-12',
  agreedToTerms: true,
};

const mentor = {
  ...mentee,
  userType: 'mentor',
  location: 'Boston, MA',
  credentials: 'MD, MPH',
  subtitle: 'CMO, Harbor Health',
  linkedinWebsite: 'https://www.linkedin.com/in/ada',
  institution: 'Harvard Medical School',
  yearOfGraduation: 2005,
  specialty: 'Cardiology',
  secondarySpecialty: 'Internal Medicine',
  experience: '15-20',
  areasOfInterest: ['Leadership Development', 'Career Transition'],
  hourlyRate: 150,
  bio: 'Cardiologist turned executive.',
};

describe('registration', () => {
  it('accepts a mentee with only the account fields and turns on e-mail notifications', () => {
    expect(registration.parse(mentee)).toMatchObject({ userType: 'mentee', emailNotifications: true });
  });

  it('accepts a mentor with every sign-up field', () => {
    expect(registration.parse(mentor)).toMatchObject({ hourlyRate: 150, specialty: 'Cardiology', experience: '15-20' });
  });

  it.each([
    ['no user type', { userType: undefined }],
    ['an unknown user type', { userType: 'admin' }],
  ])('asks to choose mentee or mentor for %s', (_case, change) => {
    expect(messagesOf(registration, { ...mentee, ...change }).userType).toEqual([USER_TYPE_REQUIRED_MESSAGE]);
  });

  it("says the passwords don't match", () => {
    expect(messagesOf(registration, { ...mentee, confirmPassword: 'secret2' }).confirmPassword).toEqual([
      PASSWORDS_DONT_MATCH_MESSAGE,
    ]);
  });

  it.each([
    ['unticked', false],
    ['missing', undefined],
  ])('asks to agree to the terms when the box is %s', (_case, agreedToTerms) => {
    expect(messagesOf(registration, { ...mentee, agreedToTerms }).agreedToTerms).toEqual([TERMS_REQUIRED_MESSAGE]);
  });

  it('requires a password of at least 8 characters; 8 is enough', () => {
    expect(messagesOf(registration, { ...mentee, password: '1234567', confirmPassword: '1234567' }).password).toEqual([
      PASSWORD_TOO_SHORT_MESSAGE,
    ]);
    expect(password.safeParse('12345678').success).toBe(true);
  });

  it('refuses a password that begins or ends with a space, as Cognito does, and keeps inner spaces', () => {
    for (const spaced of [' leading-space', 'trailing-space ', '\tab-first-1'])
      expect(password.safeParse(spaced).error?.issues.map((issue) => issue.message)).toEqual([
        PASSWORD_EDGE_SPACE_MESSAGE,
      ]);
    expect(password.safeParse('inner space ok').success).toBe(true);
  });

  it.each([
    ['first name', { firstName: '   ' }, 'firstName', FIRST_NAME_REQUIRED_MESSAGE],
    ['last name', { lastName: undefined }, 'lastName', LAST_NAME_REQUIRED_MESSAGE],
    ['e-mail', { email: 'not-an-email' }, 'email', EMAIL_INVALID_MESSAGE],
  ])('requires a %s', (_case, change, field, message) => {
    expect(messagesOf(registration, { ...mentee, ...change })[field]).toEqual([message]);
  });

  it('trims the e-mail', () => {
    expect(registration.parse({ ...mentee, email: '  ada@example.test ' }).email).toBe('ada@example.test');
  });

  it('requires a mentor to give an hourly rate, and a mentee not', () => {
    expect(messagesOf(registration, { ...mentor, hourlyRate: undefined }).hourlyRate).toEqual([RATE_REQUIRED_MESSAGE]);
    expect(messagesOf(registration, { ...mentor, hourlyRate: null }).hourlyRate).toEqual([RATE_REQUIRED_MESSAGE]);
    expect(registration.safeParse(mentee).success).toBe(true);
  });

  it.each([
    ['zero', 0],
    ['a fraction of a dollar', 99.5],
    ['a negative rate', -5],
    ['text', '100'],
    ['more than $10,000', 10_001],
  ])('refuses an hourly rate of %s', (_case, hourlyRate) => {
    expect(messagesOf(registration, { ...mentor, hourlyRate }).hourlyRate).toEqual([RATE_INVALID_MESSAGE]);
  });

  it('accepts the minimum rate of $1', () => {
    expect(registration.parse({ ...mentor, hourlyRate: 1 }).hourlyRate).toBe(1);
  });

  it('refuses a secondary specialty equal to the primary', () => {
    expect(messagesOf(registration, { ...mentor, secondarySpecialty: 'Cardiology' }).secondarySpecialty).toEqual([
      SAME_SPECIALTY_MESSAGE,
    ]);
  });

  it('refuses a specialty outside the list and an experience outside the sign-up choices', () => {
    const messages = messagesOf(registration, { ...mentor, specialty: 'Wizardry', experience: '0-5' });
    expect(Object.keys(messages).sort()).toEqual(['experience', 'specialty']);
  });

  it('refuses an unknown field', () => {
    expect(registration.safeParse({ ...mentee, isAdmin: true }).success).toBe(false);
  });

  it('parses its own output to the same value, so a form can submit what it validated', () => {
    const once = registration.parse({
      ...mentor,
      linkedinWebsite: 'linkedin.com/in/ada',
      specialty: NO_SPECIFIC_SPECIALTY,
    });
    expect(registration.parse(once)).toEqual(once);
  });
});

describe('fields shared by sign-up and settings', () => {
  const update = (fields: Record<string, unknown>) => profileUpdate.safeParse(fields);

  it("stores 'No specific specialty / General practice' as Other", () => {
    expect(profileUpdate.parse({ specialty: NO_SPECIFIC_SPECIALTY }).specialty).toBe('Other');
  });

  it('accepts every listed specialty', () => {
    for (const specialty of MEDICAL_SPECIALTIES) expect(update({ specialty }).success).toBe(true);
  });

  it('keeps an unset choice or empty text as null', () => {
    expect(profileUpdate.parse({ specialty: '', credentials: '   ', linkedinWebsite: '' })).toEqual({
      specialty: null,
      credentials: null,
      linkedinWebsite: null,
    });
  });

  it.each([
    ['a script link', 'javascript:alert(1)'],
    ['a file link', 'file:///etc/passwd'],
    ['a host without a domain', 'https://intranet'],
  ])('refuses %s as the LinkedIn or website address', (_case, linkedinWebsite) => {
    expect(messagesOf(profileUpdate, { linkedinWebsite }).linkedinWebsite).toEqual([WEBSITE_INVALID_MESSAGE]);
  });

  it('puts https:// in front of an address typed without it', () => {
    expect(profileUpdate.parse({ linkedinWebsite: 'www.linkedin.com/in/ada' }).linkedinWebsite).toBe(
      'https://www.linkedin.com/in/ada',
    );
  });

  it.each([
    ['before 1940', 1939],
    ['more than 8 years ahead', new Date().getUTCFullYear() + 9],
    ['a fraction', 2001.5],
    ['text', '2001'],
  ])('refuses a graduation year %s', (_case, yearOfGraduation) => {
    expect(messagesOf(profileUpdate, { yearOfGraduation }).yearOfGraduation).toEqual([GRADUATION_YEAR_INVALID_MESSAGE]);
  });

  it('accepts a graduation year from 1940 to 8 years ahead, or none', () => {
    for (const yearOfGraduation of [1940, new Date().getUTCFullYear() + 8, null]) {
      expect(update({ yearOfGraduation }).success).toBe(true);
    }
  });

  it('keeps each area of interest and language once', () => {
    const parsed = profileUpdate.parse({
      areasOfInterest: ['Career Transition', 'Career Transition'],
      languages: ['Spanish', 'English', 'Spanish'],
    });
    expect(parsed).toEqual({ areasOfInterest: ['Career Transition'], languages: ['Spanish', 'English'] });
  });

  it('refuses areas and languages outside the lists', () => {
    expect(update({ areasOfInterest: ['Golf'] }).success).toBe(false);
    expect(update({ languages: ['Klingon'] }).success).toBe(false);
  });

  it('refuses text longer than the field allows', () => {
    expect(update({ bio: 'x'.repeat(PROFILE_TEXT_LIMITS.bio) }).success).toBe(true);
    expect(update({ bio: 'x'.repeat(PROFILE_TEXT_LIMITS.bio + 1) }).success).toBe(false);
    expect(update({ firstName: 'x'.repeat(PROFILE_TEXT_LIMITS.name + 1) }).success).toBe(false);
  });
});

describe('profile update', () => {
  it('accepts any subset of the profile fields', () => {
    expect(profileUpdate.parse({})).toEqual({});
    expect(profileUpdate.parse({ bio: 'New bio' })).toEqual({ bio: 'New bio' });
  });

  it('accepts any IANA time zone, not only the twelve the form offers', () => {
    expect(profileUpdate.parse({ timezone: 'America/Argentina/Buenos_Aires' }).timezone).toBe(
      'America/Argentina/Buenos_Aires',
    );
    expect(messagesOf(profileUpdate, { timezone: 'Mars/Olympus_Mons' }).timezone).toEqual([TIME_ZONE_INVALID_MESSAGE]);
  });

  it('accepts the practice bands and the sign-up ranges as experience', () => {
    for (const experience of ['0-5', '15+', '20+']) expect(profileUpdate.safeParse({ experience }).success).toBe(true);
    expect(profileUpdate.safeParse({ experience: '3' }).success).toBe(false);
  });

  it('refuses an empty name, since names are required', () => {
    expect(messagesOf(profileUpdate, { firstName: '' }).firstName).toEqual([FIRST_NAME_REQUIRED_MESSAGE]);
  });

  it('refuses a secondary specialty equal to the primary when both are given', () => {
    expect(
      messagesOf(profileUpdate, { specialty: 'Oncology', secondarySpecialty: 'Oncology' }).secondarySpecialty,
    ).toEqual([SAME_SPECIALTY_MESSAGE]);
  });

  it.each([
    ['publication', { published: true }],
    ['the hourly rate', { hourlyRateCents: 100 }],
    ['the coach bio, which the rates card saves', { coachBio: 'x' }],
    ['ratings', { averageRating: 5 }],
    ['the payment account', { stripeAccountId: 'acct_1' }],
    ['the e-mail', { email: 'other@example.test' }],
    ['the user id', { userId: 'someone-else' }],
  ])('refuses to change %s', (_case, fields) => {
    expect(profileUpdate.safeParse(fields).success).toBe(false);
  });
});
