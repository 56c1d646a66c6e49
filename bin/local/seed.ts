import { createHash } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { db, tableName } from '../../functions/data/client';
import { putNew } from '../../functions/data/dynamo';
import { localStripeFromEnvironment } from './stripe-payments';
import { attachPaymentAccount, savePaymentAccountStatus } from '../../functions/data/payment-accounts';
import type { AvailabilityItem } from '../../functions/domain/availability-item';
import { keys } from '../../functions/data/keys';
import type { ProfileItem } from '../../functions/domain/profile-item';
import { getProfile, profileRow } from '../../functions/data/profiles';
import type { RatingItem } from '../../functions/domain/rating-item';
import { localCognitoClient } from './cognito';
import { seedDemoLedger } from './demo-ledger';
import { type DemoMentor, demoMentors } from './demo-mentors';
import { FINANCE_GROUP } from '../../functions/http/finance';
import { SUPPORT_GROUP } from '../../functions/domain/support-group';
import type { LocalCognito } from './cognito';
import { DEMO_SUPPORT_EMAIL, DEMO_SUPPORT_TOTP_SECRET } from './demo-support';
import { refreshBusyCacheQuietly } from '../../functions/workflows/calendars/busy-times';
import { storeNewConnection } from '../../functions/workflows/calendars/connect-calendar';
import type { CalendarStandInStore } from './calendar-standin-store';
import { LOCAL_CALENDAR_CLIENTS } from './calendar-standins';
import { GOOGLE_CALENDAR_SCOPES } from '../../functions/adapters/google-calendar';
import { getNpiRecord, recordVerified, startCheck } from '../../functions/data/npi-verifications';
import { evaluateRegistryAnswer } from '../../functions/domain/npi';
import { demoMentorNpi, demoMentorRegistryResult } from './npi-fixtures';
import { seedDemoPortraits } from './demo-portraits';
import { reviewerName } from '../../functions/domain/display-name';
import { calendarProvider } from '../../functions/runtime/ports/calendars';
import { payments } from '../../functions/runtime/ports/payments';

export const DEMO_PASSWORD = 'DemoPass123!';
export const DEMO_MENTEE_EMAIL = 'mentee@demo.physicianmentors.test';
export const DEMO_MENTOR_EMAIL = 'mentor@demo.physicianmentors.test';
export const DEMO_FINANCE_EMAIL = 'finance@demo.physicianmentors.test';

/** Bump when the demo data changes shape, so existing local databases get the new seed. */
const SEED_VERSION = 'demo-v4';
const seedMarker = { pk: 'SEED', sk: SEED_VERSION };
/** Portraits came after demo-v4: their own marker gives a database seeded before them the faces, once. */
const portraitsMarker = { pk: 'SEED', sk: 'portraits-v1' };

/** A stable id derived from a name, so re-seeding writes the same rows instead of new ones. */
const stableId = (name: string) => {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

async function ensureCognitoUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
  userType: string,
) {
  try {
    const existing = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    const sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    if (sub) return sub;
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:user_type', Value: userType },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: email,
      Password: DEMO_PASSWORD,
      Permanent: true,
    }),
  );
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`cognito-local returned no sub for ${email}`);
  return sub;
}

const put = (item: Record<string, unknown>) => db().send(new PutCommand({ TableName: tableName(), Item: item }));

/** Writes a profile only if it is not there yet, so a demo user's own edits survive a restart. */
const putProfileOnce = (profile: ProfileItem) => putNew(profileRow(profile));

function weeklyAvailability(
  mentor: Pick<DemoMentor, 'userId' | 'timezone' | 'weeklyAvailability'>,
  now: DateTime,
): AvailabilityItem[] {
  const today = now.setZone(mentor.timezone).startOf('day');
  return mentor.weeklyAvailability.map((window) => {
    const daysAhead = (window.weekday - today.weekday + 7) % 7;
    const day = today.plus({ days: daysAhead });
    const at = (time: string) => {
      const [hour, minute] = time.split(':').map(Number);
      return day.set({ hour, minute }).toUTC().toISO({ suppressMilliseconds: true }) as string;
    };
    return {
      id: stableId(`${mentor.userId}:${window.weekday}:${window.startTime}`),
      coachId: mentor.userId,
      start: at(window.startTime),
      end: at(window.endTime),
      recurring: true,
      timezone: mentor.timezone,
      createdAt: now.toUTC().toISO() as string,
    };
  });
}

function mentorProfile(mentor: DemoMentor, ratings: RatingItem[], now: string): ProfileItem {
  const { weeklyAvailability: _availability, ratings: _ratings, ...fields } = mentor;
  const total = ratings.length;
  return {
    ...fields,
    userType: 'mentor',
    published: true,
    emailNotifications: true,
    averageRating: total ? Math.round((ratings.reduce((sum, r) => sum + r.rating, 0) / total) * 10) / 10 : 0,
    totalRatings: total,
    stripeOnboardingComplete: false,
    createdAt: now,
    updatedAt: now,
  };
}

function mentorRatings(mentor: DemoMentor, now: DateTime): RatingItem[] {
  return mentor.ratings.map((rating, index) => ({
    sessionId: stableId(`${mentor.userId}:rating:${index}`),
    coachId: mentor.userId,
    ratedBy: stableId(`${rating.reviewerFirstName} ${rating.reviewerLastName}`),
    reviewerName: reviewerName({ firstName: rating.reviewerFirstName, lastName: rating.reviewerLastName }),
    rating: rating.rating,
    reviewText: rating.reviewText,
    moderationStatus: 'approved',
    createdAt: now.minus({ days: rating.daysAgo }).toUTC().toISO() as string,
  }));
}

/** A finished (stand-in) Stripe Express account, so paid sessions can be booked right after `npm start`. */
async function connectPaymentAccount(mentor: DemoMentor, now: Date) {
  const stripe = localStripeFromEnvironment();
  if (!stripe) return;
  // Seeded again at every start: an account made before is kept, as Stripe keeps it.
  const earlier = (await getProfile(mentor.userId))?.stripeAccountId;
  if (earlier && (await stripe.findAccount(earlier))) return;
  const accountId = await attachPaymentAccount(
    mentor.userId,
    await payments().createConnectedAccount({ userId: mentor.userId, email: mentor.email }),
    now,
  );
  await stripe.completeOnboarding(accountId);
  await savePaymentAccountStatus(mentor.userId, accountId, await payments().accountStatus(accountId), now);
}

async function seedMentor(mentor: DemoMentor, now: DateTime) {
  const ratings = mentorRatings(mentor, now);
  await putProfileOnce(mentorProfile(mentor, ratings, now.toUTC().toISO() as string));
  await connectPaymentAccount(mentor, now.toJSDate());
  await Promise.all([
    ...weeklyAvailability(mentor, now).map((slot) => put({ ...slot, ...keys.availability(mentor.userId, slot.id) })),
    ...ratings.map((rating) =>
      put({
        ...rating,
        ...keys.rating(rating.sessionId),
        ...keys.coachRating(rating),
      }),
    ),
  ]);
}

/**
 * A demo mentor starts verified, through the same writes a registry check makes, with what the NPI
 * Registry stand-in answers for them (npi-fixtures.ts). A mentor who already has an NPI keeps it.
 */
async function seedVerification(mentor: DemoMentor, position: number, now: Date) {
  if (await getNpiRecord(mentor.userId)) return;
  const npi = demoMentorNpi(position);
  const answer = { result_count: 1, results: [demoMentorRegistryResult(mentor, npi)] };
  const outcome = evaluateRegistryAnswer(answer, mentor.lastName, npi);
  if (outcome.state !== 'verified') throw new Error(`The registry stand-in does not verify ${mentor.lastName}`);
  await recordVerified(await startCheck(mentor.userId, npi, now), mentor.lastName, outcome.snapshot, now);
}

const demoMentorAccount = (userId: string): DemoMentor => ({
  userId,
  email: DEMO_MENTOR_EMAIL,
  firstName: 'Morgan',
  lastName: 'Ellis',
  credentials: 'MD, MBA',
  subtitle: 'Vice President of Medical Affairs, Lakeshore Health Partners',
  location: 'Chicago, IL',
  timezone: 'America/Chicago',
  institution: 'Northwestern University Feinberg School of Medicine',
  yearOfGraduation: 2006,
  specialty: 'Internal Medicine',
  secondarySpecialty: 'Hospital Medicine',
  experience: '15-20',
  areasOfInterest: ['Leadership Development', 'Career Transition', 'Practice Management'],
  languages: ['English'],
  bio: 'Hospitalist turned physician executive; I still round one weekend a month.',
  coachBio:
    'I spent ten years as a hospitalist before moving into quality leadership and then medical affairs. I help physicians who are weighing their first leadership role: how to read the offer, what the first ninety days look like, and how to keep clinical work in the mix.',
  hourlyRateCents: 20000,
  offersFreeConsult: true,
  freeConsultMinutes: 15,
  weeklyAvailability: [
    { weekday: 2, startTime: '18:00', endTime: '20:00' },
    { weekday: 4, startTime: '07:00', endTime: '09:00' },
  ],
  ratings: [],
});

/** Every demo mentor, the `mentor@` account first; its place in this list picks its NPI (npi-fixtures.ts). */
export const demoMentorsWithAccount = (mentorAccountId: string): DemoMentor[] => [
  demoMentorAccount(mentorAccountId),
  ...demoMentors,
];

/**
 * Demo data for `npm start`: the published demo mentors with availability and ratings, and two
 * accounts to sign in with. Safe to run on every start.
 */
/**
 * The demo mentor's Google calendar, connected to the stand-in, with clinic hours over the start of
 * their first three weekly windows (busy: those slots are gone) and focus time marked free (slots stay).
 */
async function seedDemoMentorCalendar(mentorId: string, standIns: CalendarStandInStore, now: DateTime) {
  const provider = calendarProvider('google');
  // Only against the stand-in: a real Google client has no demo account.
  if (!provider || process.env.GOOGLE_CALENDAR_CLIENT_ID !== LOCAL_CALENDAR_CLIENTS.google.clientId) return;
  const account = DEMO_MENTOR_EMAIL;
  const granted = standIns.grantWithoutConsent(
    'google',
    account,
    LOCAL_CALENDAR_CLIENTS.google.clientId,
    GOOGLE_CALENDAR_SCOPES.join(' '),
  );
  const windows = weeklyAvailability({ ...demoMentorAccount(mentorId), userId: mentorId }, now);
  for (const [index, window] of windows.slice(0, 3).entries()) {
    let start = DateTime.fromISO(window.start, { zone: 'utc' });
    if (start < now) start = start.plus({ weeks: 1 });
    const event = (summary: string, from: DateTime, hours: number, transparent: boolean) =>
      standIns.addEvent('google', account, {
        calendarId: account,
        summary,
        start: from.toISO() as string,
        end: from.plus({ hours }).toISO() as string,
        allDay: false,
        transparent,
        privateProperties: {},
      });
    event(index === 0 ? 'Clinic' : 'Hospital committee', start, 1, false);
    event('Focus time', start.plus({ hours: 1 }), 1, true);
  }
  const tokens = {
    accessToken: granted.accessToken,
    refreshToken: granted.refreshToken,
    expiresAt: new Date(Date.now() + granted.expiresIn * 1000 - 60_000).toISOString(),
  };
  await storeNewConnection(mentorId, provider, tokens, now.toJSDate());
  await refreshBusyCacheQuietly(mentorId, now.toJSDate());
}

export async function seedDemoData(
  cognito: Pick<LocalCognito, 'endpoint' | 'userPoolId' | 'enrollAuthenticator'>,
  calendarStandIns: CalendarStandInStore,
) {
  const client = localCognitoClient(cognito.endpoint);
  const now = DateTime.utc();
  const menteeId = await ensureCognitoUser(client, cognito.userPoolId, DEMO_MENTEE_EMAIL, 'mentee');
  const mentorId = await ensureCognitoUser(client, cognito.userPoolId, DEMO_MENTOR_EMAIL, 'mentor');
  const financeId = await ensureCognitoUser(client, cognito.userPoolId, DEMO_FINANCE_EMAIL, 'mentee');
  await client.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: cognito.userPoolId,
      Username: DEMO_FINANCE_EMAIL,
      GroupName: FINANCE_GROUP,
    }),
  );
  const supportId = await ensureCognitoUser(client, cognito.userPoolId, DEMO_SUPPORT_EMAIL, 'mentee');
  await client.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: cognito.userPoolId,
      Username: DEMO_SUPPORT_EMAIL,
      GroupName: SUPPORT_GROUP,
    }),
  );
  client.destroy();
  await cognito.enrollAuthenticator(DEMO_SUPPORT_EMAIL, DEMO_SUPPORT_TOTP_SECRET);
  await seedSupportProfile(supportId, now);

  const mentors = demoMentorsWithAccount(mentorId);
  const { Item: marker } = await db().send(new GetCommand({ TableName: tableName(), Key: seedMarker }));
  if (!marker) await seedDemoAccounts({ now, menteeId, financeId, mentorId, mentors }, calendarStandIns);
  const { Item: portraits } = await db().send(new GetCommand({ TableName: tableName(), Key: portraitsMarker }));
  if (portraits) return;
  await seedDemoPortraits(mentors);
  await put({ ...portraitsMarker, seededAt: now.toISO() });
}

/** Its own write, not part of the versioned seed: a database seeded before the support account gets it too. */
async function seedSupportProfile(supportId: string, now: DateTime) {
  const stamp = now.toISO() as string;
  await putProfileOnce({
    userId: supportId,
    email: DEMO_SUPPORT_EMAIL,
    userType: 'mentee',
    published: false,
    firstName: 'Sam',
    lastName: 'Whitfield',
    timezone: 'America/New_York',
    emailNotifications: false,
    createdAt: stamp,
    updatedAt: stamp,
  });
}

async function seedDemoAccounts(
  {
    now,
    menteeId,
    financeId,
    mentorId,
    mentors,
  }: {
    now: DateTime;
    menteeId: string;
    financeId: string;
    mentorId: string;
    mentors: DemoMentor[];
  },
  calendarStandIns: CalendarStandInStore,
) {
  const stamp = now.toISO() as string;
  await putProfileOnce({
    userId: menteeId,
    email: DEMO_MENTEE_EMAIL,
    userType: 'mentee',
    published: false,
    firstName: 'Jordan',
    lastName: 'Reyes',
    credentials: 'MD',
    subtitle: 'PGY-3 Internal Medicine Resident, Riverside University Hospital',
    location: 'Austin, TX',
    timezone: 'America/Chicago',
    specialty: 'Internal Medicine',
    areasOfInterest: ['Career Transition', 'Leadership Development'],
    languages: ['English', 'Spanish'],
    emailNotifications: true,
    createdAt: stamp,
    updatedAt: stamp,
  });
  await putProfileOnce({
    userId: financeId,
    email: DEMO_FINANCE_EMAIL,
    userType: 'mentee',
    published: false,
    firstName: 'Frances',
    lastName: 'Okafor',
    timezone: 'America/New_York',
    emailNotifications: false,
    createdAt: stamp,
    updatedAt: stamp,
  });
  for (const [position, mentor] of mentors.entries()) {
    await seedMentor(mentor, now);
    await seedVerification(mentor, position, now.toJSDate());
  }
  await seedDemoLedger({ menteeId, coaches: mentors.slice(0, 4), now, stableId });
  await seedDemoMentorCalendar(mentorId, calendarStandIns, now);
  await put({ ...seedMarker, seededAt: stamp });
}
