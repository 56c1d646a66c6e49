import { MIN_HOURLY_RATE_CENTS } from '../domain/constants';
import {
  EARLIER_EXPERIENCE_BANDS,
  LANGUAGES,
  MEDICAL_SPECIALTIES,
  MENTOR_EXPERIENCE_CHOICES,
  MENTORING_AREAS,
} from '../domain/fixed-lists';
import { isTimeZone } from '../domain/time-zone';
import { HEADSHOT_CONTENT_TYPES, INVALID_FILE_TYPE_MESSAGE } from '../domain/headshot';
import {
  NO_SPECIFIC_SPECIALTY,
  SAME_SPECIALTY_MESSAGE,
  specialtiesClash,
  storedSpecialty,
} from '../domain/specialties';
import { RATE_INVALID_MESSAGE, RATE_REQUIRED_MESSAGE } from './coach-settings';
import { ownPlan } from './plans';
import { npiNumber } from './verification';
import * as z from './zod';

/**
 * The account forms' schemas, shared by the API handlers and the SPA's react-hook-form forms,
 * with the spec's own messages where it gives them (section 5).
 */

export const USER_TYPE_REQUIRED_MESSAGE = 'Please select whether you want to be a mentee or mentor.';
export const PASSWORDS_DONT_MATCH_MESSAGE = "Passwords don't match!";
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 8 characters long.';
export const PASSWORD_EDGE_SPACE_MESSAGE = 'Password cannot begin or end with a space.';
/** Cognito's own constraint on every password it is given (its API answers InvalidParameterException). */
export const COGNITO_PASSWORD_PATTERN = /^\S(?:.*\S)?$/s;
export const TERMS_REQUIRED_MESSAGE = 'Please agree to the terms of service.';
export const FIRST_NAME_REQUIRED_MESSAGE = 'First name is required.';
export const LAST_NAME_REQUIRED_MESSAGE = 'Last name is required.';
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address.';
export const WEBSITE_INVALID_MESSAGE = 'Please enter a web address, such as https://www.linkedin.com/in/your-name.';
export const GRADUATION_YEAR_INVALID_MESSAGE = 'Please enter a valid graduation year.';
export const TIME_ZONE_INVALID_MESSAGE = 'Please choose a valid time zone.';
export const CHOICE_INVALID_MESSAGE = 'Please choose an option from the list.';

export const PASSWORD_MIN_LENGTH = 8;
/** Cognito's own maximum. */
const PASSWORD_MAX_LENGTH = 256;
export const EARLIEST_GRADUATION_YEAR = 1940;
/** Students may give the year they expect to graduate. */
const GRADUATION_YEARS_AHEAD = 8;
/** The rates card's ceiling. */
const MAX_HOURLY_RATE_DOLLARS = 10_000;

/** Longest accepted text per field, for the forms' maxLength too. */
export const PROFILE_TEXT_LIMITS = {
  name: 100,
  email: 254,
  credentials: 100,
  subtitle: 200,
  location: 200,
  institution: 200,
  linkedinWebsite: 500,
  bio: 2_000,
} as const;

export const USER_TYPES = ['mentee', 'mentor'] as const;
/** The profile form offers the sign-up choices; a profile keeps an earlier band it already holds. */
const PROFILE_EXPERIENCE_CHOICES = [...MENTOR_EXPERIENCE_CHOICES, ...EARLIER_EXPERIENCE_BANDS] as [string, ...string[]];

const tooLong = (max: number) => `Please use at most ${max} characters.`;

const userType = z.enum(USER_TYPES, { error: USER_TYPE_REQUIRED_MESSAGE });

const personName = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .check(
      z.trim(),
      z.minLength(1, requiredMessage),
      z.maxLength(PROFILE_TEXT_LIMITS.name, tooLong(PROFILE_TEXT_LIMITS.name)),
    );

/** Free text a form may leave empty: trimmed, and null when empty. */
const optionalText = (max: number) =>
  z.pipe(
    z.nullable(z.string().check(z.trim(), z.maxLength(max, tooLong(max)))),
    z.transform((text) => text || null),
  );

/** A choice from a fixed list that a form may leave unset ('' or null), which is kept as null. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(choices: T) =>
  z.pipe(
    z.union([z.enum(choices), z.literal(''), z.null()], { error: CHOICE_INVALID_MESSAGE }),
    z.transform((choice) => choice || null),
  );

/** Several choices from a fixed list; choosing one twice keeps it once. */
const distinctChoices = <const T extends readonly [string, ...string[]]>(choices: T) =>
  z.pipe(
    z.array(z.enum(choices, { error: CHOICE_INVALID_MESSAGE })).check(z.maxLength(choices.length)),
    z.transform((chosen) => [...new Set(chosen)]),
  );

const specialty = z.pipe(
  optionalChoice([...MEDICAL_SPECIALTIES, NO_SPECIFIC_SPECIALTY]),
  z.transform((choice) => choice && storedSpecialty(choice)),
);

/**
 * http(s) only, so a profile link can never run script. A bare 'linkedin.com/in/…' gets https://
 * in front, as people rarely type the scheme.
 */
const webAddress = z.pipe(
  z.pipe(
    optionalText(PROFILE_TEXT_LIMITS.linkedinWebsite),
    z.transform((text) => (text && !/^[a-z][a-z\d+.-]*:/i.test(text) ? `https://${text}` : text)),
  ),
  z.nullable(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: WEBSITE_INVALID_MESSAGE })),
);

const graduationYear = z.nullable(
  z.int({ error: GRADUATION_YEAR_INVALID_MESSAGE }).check(
    z.gte(EARLIEST_GRADUATION_YEAR, GRADUATION_YEAR_INVALID_MESSAGE),
    z.refine((year) => year <= new Date().getUTCFullYear() + GRADUATION_YEARS_AHEAD, GRADUATION_YEAR_INVALID_MESSAGE),
  ),
);

/** Whole dollars, as the form takes it; stored in cents. */
const hourlyRateDollars = z.nullable(
  z
    .int({ error: RATE_INVALID_MESSAGE })
    .check(
      z.gte(MIN_HOURLY_RATE_CENTS / 100, RATE_INVALID_MESSAGE),
      z.lte(MAX_HOURLY_RATE_DOLLARS, RATE_INVALID_MESSAGE),
    ),
);

/** Any IANA zone is stored; the settings form offers twelve of them. */
const timeZone = z.string({ error: TIME_ZONE_INVALID_MESSAGE }).check(
  z.maxLength(64, TIME_ZONE_INVALID_MESSAGE),
  z.refine((zone) => isTimeZone(zone), TIME_ZONE_INVALID_MESSAGE),
);

export const password = z
  .string({ error: PASSWORD_TOO_SHORT_MESSAGE })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE),
    z.maxLength(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH)),
    z.regex(COGNITO_PASSWORD_PATTERN, PASSWORD_EDGE_SPACE_MESSAGE),
  );

export const emailAddress = z
  .string({ error: EMAIL_INVALID_MESSAGE })
  .check(
    z.trim(),
    z.maxLength(PROFILE_TEXT_LIMITS.email, EMAIL_INVALID_MESSAGE),
    z.email({ error: EMAIL_INVALID_MESSAGE }),
  );

/** Fields a user edits about themselves, at sign-up and in settings. */
const editableProfile = z.strictObject({
  firstName: personName(FIRST_NAME_REQUIRED_MESSAGE),
  lastName: personName(LAST_NAME_REQUIRED_MESSAGE),
  credentials: optionalText(PROFILE_TEXT_LIMITS.credentials),
  subtitle: optionalText(PROFILE_TEXT_LIMITS.subtitle),
  linkedinWebsite: webAddress,
  location: optionalText(PROFILE_TEXT_LIMITS.location),
  institution: optionalText(PROFILE_TEXT_LIMITS.institution),
  yearOfGraduation: graduationYear,
  specialty,
  secondarySpecialty: specialty,
  areasOfInterest: distinctChoices(MENTORING_AREAS),
  bio: optionalText(PROFILE_TEXT_LIMITS.bio),
  emailNotifications: z.boolean(),
});

type SpecialtyPair = { specialty?: string | null; secondarySpecialty?: string | null };
const secondaryDiffersFromPrimary = (form: SpecialtyPair, ctx: z.core.$RefinementCtx) => {
  if (specialtiesClash(form.specialty, form.secondarySpecialty)) {
    ctx.addIssue({ code: 'custom', path: ['secondarySpecialty'], message: SAME_SPECIALTY_MESSAGE });
  }
};

/**
 * `POST /api/registrations`: the Register form. Everything but the account itself is optional
 * (the mentor-only fields), except the hourly rate, which a mentor must give.
 */
export const registration = z
  .extend(
    z.partial(
      z.pick(editableProfile, {
        credentials: true,
        subtitle: true,
        linkedinWebsite: true,
        location: true,
        institution: true,
        yearOfGraduation: true,
        specialty: true,
        secondarySpecialty: true,
        areasOfInterest: true,
        bio: true,
      }),
    ),
    {
      userType,
      firstName: editableProfile.shape.firstName,
      lastName: editableProfile.shape.lastName,
      email: emailAddress,
      password,
      confirmPassword: z.string({ error: PASSWORDS_DONT_MATCH_MESSAGE }),
      agreedToTerms: z
        .boolean({ error: TERMS_REQUIRED_MESSAGE })
        .check(z.refine((agreed) => agreed, TERMS_REQUIRED_MESSAGE)),
      emailNotifications: z._default(z.boolean(), true),
      experience: z.optional(optionalChoice(MENTOR_EXPERIENCE_CHOICES)),
      hourlyRate: z.optional(hourlyRateDollars),
      /** The browser's zone, so times read the same before and after the first sign-in. */
      timezone: z.optional(timeZone),
      /** A mentor's NPI, checked against the registry after sign-up; may be left empty. */
      npi: z.optional(z.union([z.literal(''), npiNumber])),
    },
  )
  .check(
    z.superRefine((form, ctx) => {
      if (form.password !== form.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DONT_MATCH_MESSAGE });
      }
      if (form.userType === 'mentor' && form.hourlyRate == null) {
        ctx.addIssue({ code: 'custom', path: ['hourlyRate'], message: RATE_REQUIRED_MESSAGE });
      }
      secondaryDiffersFromPrimary(form, ctx);
    }),
  );
export type RegistrationForm = z.input<typeof registration>;
export type Registration = z.output<typeof registration>;

/** `POST /api/me`: the first third-party sign-in, with the browser's zone (the account has none). */
export const firstSignIn = z.strictObject({ timezone: z.optional(timeZone) });
export type FirstSignIn = z.infer<typeof firstSignIn>;

/** The same for a new and a taken address: no user id, nothing that tells them apart. */
export const registrationResult = z.object({ status: z.literal('check_your_email') });
export type RegistrationResult = z.infer<typeof registrationResult>;

/**
 * `PATCH /api/me`: any subset of the Profile tab's fields. Publication, rates and coach bio (the
 * rates card), ratings and payment fields have their own operations and are refused here like
 * any unknown field.
 */
export const profileUpdate = z
  .partial(
    z.extend(editableProfile, {
      userType,
      timezone: timeZone,
      experience: optionalChoice(PROFILE_EXPERIENCE_CHOICES),
      languages: distinctChoices(LANGUAGES),
    }),
  )
  .check(z.superRefine(secondaryDiffersFromPrimary));
export type ProfileUpdateForm = z.input<typeof profileUpdate>;
export type ProfileUpdate = z.output<typeof profileUpdate>;

/** `GET /api/me` and every operation that changes the caller's own profile. */
export const profile = z.object({
  userId: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  /** The spec's is_coach: listed in the directory. */
  published: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  /** The 256 px variant; `headshotVariantUrl` gives the other sizes. */
  headshotUrl: z.nullable(z.string()),
  credentials: z.nullable(z.string()),
  subtitle: z.nullable(z.string()),
  linkedinWebsite: z.nullable(z.string()),
  location: z.nullable(z.string()),
  timezone: z.string(),
  institution: z.nullable(z.string()),
  yearOfGraduation: z.nullable(z.int()),
  specialty: z.nullable(z.string()),
  secondarySpecialty: z.nullable(z.string()),
  experience: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  coachBio: z.nullable(z.string()),
  areasOfInterest: z.array(z.string()),
  languages: z.array(z.string()),
  emailNotifications: z.boolean(),
  hourlyRateCents: z.nullable(z.int()),
  offersFreeConsult: z.boolean(),
  freeConsultMinutes: z.union([z.literal(15), z.literal(30)]),
  calendlyUrl: z.nullable(z.string()),
  paymentAccount: z.object({ connected: z.boolean(), onboardingComplete: z.boolean() }),
  zoomConnected: z.boolean(),
  calendlyConnected: z.boolean(),
  /** The coach's monthly mentorship plan (Coach settings, the Plan card), on or off; absent until set. */
  plan: z.optional(ownPlan),
});
export type Profile = z.infer<typeof profile>;

/** `POST /api/me/headshot`: the type of the file the browser is about to upload. */
export const headshotUploadRequest = z.strictObject({
  contentType: z.enum(HEADSHOT_CONTENT_TYPES, { error: INVALID_FILE_TYPE_MESSAGE }),
});

/** A presigned POST: send `fields` then the file (as `file`) in a multipart form to `url`; `fields.key` is the upload's key. */
export const headshotUpload = z.object({ url: z.string(), fields: z.record(z.string(), z.string()) });
export type HeadshotUpload = z.infer<typeof headshotUpload>;

/** `PUT /api/me/headshot`: attach the uploaded file. */
export const attachHeadshotRequest = z.strictObject({ key: z.string().check(z.minLength(1), z.maxLength(300)) });
