import { randomUUID } from 'node:crypto';
import {
  type CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../../bin/local/mailbox';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { profileRow } from '../../functions/data/profiles';
import { INVALID_NPI_MESSAGE } from '../../functions/domain/npi';
import { HOSTED_UI_SCOPES } from '../../functions/schemas/hosted-ui-scopes';
import { type Profile, profile as profileSchema } from '../../functions/schemas/profile';
import { localCognitoClient } from '../../bin/local/cognito';
import { startTestStack, type TestStack } from '../support/local-stack';
import { hostedUiAccessToken, type SignedInUser, signedInUser } from '../support/users';

let stack: TestStack;
let cognito: CognitoIdentityProviderClient;

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.test`;

const call = (method: string, path: string, options: { token?: string; body?: unknown; rawBody?: string } = {}) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });

const mentorSignUp = (email: string) => ({
  userType: 'mentor',
  firstName: 'Ada',
  lastName: 'Okafor',
  email,
  password: 'secret-12',
  confirmPassword: 'secret-12',
  agreedToTerms: true,
  emailNotifications: false,
  location: 'Boston, MA',
  credentials: 'MD, MPH',
  subtitle: 'Chief Medical Officer, Harbor Health',
  linkedinWebsite: 'https://www.linkedin.com/in/ada-okafor',
  institution: 'Harvard Medical School',
  yearOfGraduation: 2005,
  specialty: 'Cardiology',
  secondarySpecialty: 'Internal Medicine',
  experience: '15-20',
  areasOfInterest: ['Leadership Development', 'Career Transition'],
  hourlyRate: 150,
  bio: 'Cardiologist turned executive.',
  timezone: 'America/Los_Angeles',
});

/** The code Cognito (here cognito-local) e-mailed to this address, read from the local mailbox. */
async function confirmationCode(email: string): Promise<string> {
  const mail = (await readMailbox(stack.mailboxFile)).findLast((m) => m.to === email);
  const code = mail && /Your code: (\S+)/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no confirmation code was mailed to ${email}`);
  return code;
}

/** What the SPA does after sign-up: confirm with the mailed code, then sign in. */
async function confirmAndSignIn(email: string, password: string): Promise<string> {
  const ClientId = stack.config.userPoolClientId;
  await cognito.send(
    new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: await confirmationCode(email) }),
  );
  const signIn = await cognito.send(
    new InitiateAuthCommand({
      ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const token = signIn.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('sign-in returned no access token');
  return token;
}

async function myProfile(token: string): Promise<Profile> {
  const response = await call('GET', '/api/me', { token });
  expect(response.status).toBe(200);
  return profileSchema.parse(await response.json());
}

/** A signed-in user with a profile, made through POST /api/me as on a first third-party sign-in. */
async function userWithProfile(): Promise<SignedInUser> {
  const user = await signedInUser(stack.config);
  expect((await call('POST', '/api/me', { token: user.accessToken })).status).toBe(201);
  return user;
}

const storedRow = async (userId: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: keys.profile(userId) }))).Item;

beforeAll(async () => {
  stack = await startTestStack();
  cognito = localCognitoClient(stack.config.userPoolEndpoint);
});

afterAll(async () => {
  cognito?.destroy();
  await stack?.dispose();
});

describe('POST /api/registrations', () => {
  it('signs a mentor up, and after confirming by e-mail every sign-up field is on the profile', async () => {
    const email = uniqueEmail('mentor');
    const response = await call('POST', '/api/registrations', { body: mentorSignUp(email) });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ status: 'check_your_email' });

    const token = await confirmAndSignIn(email, 'secret-12');
    expect(await myProfile(token)).toMatchObject({
      email,
      userType: 'mentor',
      published: false,
      firstName: 'Ada',
      lastName: 'Okafor',
      emailNotifications: false,
      location: 'Boston, MA',
      credentials: 'MD, MPH',
      subtitle: 'Chief Medical Officer, Harbor Health',
      linkedinWebsite: 'https://www.linkedin.com/in/ada-okafor',
      institution: 'Harvard Medical School',
      yearOfGraduation: 2005,
      specialty: 'Cardiology',
      secondarySpecialty: 'Internal Medicine',
      experience: '15-20',
      areasOfInterest: ['Leadership Development', 'Career Transition'],
      hourlyRateCents: 15_000,
      bio: 'Cardiologist turned executive.',
      timezone: 'America/Los_Angeles',
      languages: ['English'],
    });
  });

  it("checks a mentor's NPI given at sign-up, and refuses one with a wrong check digit next to its field", async () => {
    const wrong = await call('POST', '/api/registrations', {
      body: { ...mentorSignUp(uniqueEmail('npi-wrong')), npi: '1234567890' },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { details: unknown[] } }).error.details).toEqual([
      { field: 'body.npi', message: INVALID_NPI_MESSAGE },
    ]);

    const email = uniqueEmail('npi');
    const signUp = { ...mentorSignUp(email), firstName: 'Jordan', lastName: 'Rivera', npi: '1234 5678 93' };
    expect((await call('POST', '/api/registrations', { body: signUp })).status).toBe(202);
    const token = await confirmAndSignIn(email, 'secret-12');
    await stack.jobsSettled();
    const verification = await call('GET', '/api/me/verification', { token });
    expect(await verification.json()).toMatchObject({ status: 'verified', taxonomy: 'Internal Medicine' });
  });

  it('signs a mentee up with the account fields alone', async () => {
    const email = uniqueEmail('mentee');
    const body = {
      userType: 'mentee',
      firstName: 'Ben',
      lastName: 'Ito',
      email,
      password: 'secret-12',
      confirmPassword: 'secret-12',
      agreedToTerms: true,
    };
    expect((await call('POST', '/api/registrations', { body })).status).toBe(202);
    const profile = await myProfile(await confirmAndSignIn(email, 'secret-12'));
    expect(profile).toMatchObject({
      userType: 'mentee',
      emailNotifications: true,
      hourlyRateCents: null,
      // Without a zone from the browser, the spec's default.
      timezone: 'America/New_York',
    });
  });

  it('refuses a time zone that is not an IANA zone', async () => {
    const response = await call('POST', '/api/registrations', {
      body: { ...mentorSignUp(uniqueEmail('zone')), timezone: 'Mars/Olympus_Mons' },
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { details: { field: string }[] } };
    expect(error.details).toEqual([expect.objectContaining({ field: 'body.timezone' })]);
  });

  it('answers a taken address exactly as a new one, and mails its owner instead of a code', async () => {
    const email = uniqueEmail('twice');
    const first = await call('POST', '/api/registrations', { body: mentorSignUp(email) });
    const token = await confirmAndSignIn(email, 'secret-12');
    const again = await call('POST', '/api/registrations', { body: { ...mentorSignUp(email), firstName: 'Mallory' } });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(await again.json()).toEqual(await first.json());
    const mails = (await readMailbox(stack.mailboxFile)).filter((mail) => mail.to === email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirm your Physician Mentors account',
      'You already have a Physician Mentors account',
    ]);
    expect(mails[1]?.text).not.toMatch(/code/i);
    expect((await myProfile(token)).firstName).toBe('Ada');
  });

  it('refuses an invalid form with the form messages, and creates no account', async () => {
    const email = uniqueEmail('invalid');
    const response = await call('POST', '/api/registrations', {
      body: { ...mentorSignUp(email), confirmPassword: 'other1', agreedToTerms: false, hourlyRate: null },
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as {
      error: { code: string; details: { field: string; message: string }[] };
    };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { field: 'body.confirmPassword', message: "Passwords don't match!" },
        { field: 'body.agreedToTerms', message: 'Please agree to the terms of service.' },
        { field: 'body.hourlyRate', message: 'Please enter your hourly rate' },
      ]),
    );
    expect((await call('POST', '/api/registrations', { body: mentorSignUp(email) })).status).toBe(202);
  });
});

describe('POST /api/me (first third-party sign-in)', () => {
  it('creates an unpublished mentee profile once, then answers with it', async () => {
    const user = await signedInUser(stack.config);
    expect((await call('GET', '/api/me', { token: user.accessToken })).status).toBe(404);

    const first = await call('POST', '/api/me', { token: user.accessToken });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      userId: user.userId,
      email: user.email,
      userType: 'mentee',
      published: false,
    });

    await call('PATCH', '/api/me', { token: user.accessToken, body: { firstName: 'Kept' } });
    const second = await call('POST', '/api/me', { token: user.accessToken });
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ firstName: 'Kept' });
  });

  it('needs the admin scope in a hosted-UI token, as Cognito GetUser does, and the client asks for it', async () => {
    const user = await signedInUser(stack.config);
    const withoutAdminScope = hostedUiAccessToken(stack.config, user, ['openid', 'email', 'profile']);
    const refused = await call('POST', '/api/me', { token: withoutAdminScope });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    expect(await storedRow(user.userId)).toBeUndefined();

    const created = await call('POST', '/api/me', { token: hostedUiAccessToken(stack.config, user, HOSTED_UI_SCOPES) });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ userId: user.userId, email: user.email });
  });

  it("stores the browser's time zone, and refuses an unknown zone or field", async () => {
    const user = await signedInUser(stack.config);
    const refused = await call('POST', '/api/me', { token: user.accessToken, body: { timezone: 'Nowhere/Land' } });
    expect(refused.status).toBe(400);
    expect((await call('POST', '/api/me', { token: user.accessToken, body: { userType: 'mentor' } })).status).toBe(400);
    const created = await call('POST', '/api/me', { token: user.accessToken, body: { timezone: 'Asia/Tokyo' } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ userType: 'mentee', timezone: 'Asia/Tokyo' });
  });
});

describe('PATCH /api/me', () => {
  let owner: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    [owner, other] = await Promise.all([userWithProfile(), userWithProfile()]);
  });

  it('changes the given fields and answers with the whole profile', async () => {
    const response = await call('PATCH', '/api/me', {
      token: owner.accessToken,
      body: {
        firstName: 'Grace',
        lastName: 'Hopper',
        timezone: 'Europe/Paris',
        specialty: 'No specific specialty / General practice',
        languages: ['French', 'English', 'French'],
        yearOfGraduation: null,
      },
    });
    expect(response.status).toBe(200);
    const expected = {
      firstName: 'Grace',
      lastName: 'Hopper',
      timezone: 'Europe/Paris',
      specialty: 'Other',
      languages: ['French', 'English'],
      yearOfGraduation: null,
    };
    expect(await response.json()).toMatchObject(expected);
    expect(await myProfile(owner.accessToken)).toMatchObject(expected);
  });

  it("changes only the caller's own profile: the API never takes a user id", async () => {
    const before = await myProfile(owner.accessToken);
    const response = await call('PATCH', '/api/me', {
      token: other.accessToken,
      body: { bio: 'Written by the other user' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ userId: other.userId, bio: 'Written by the other user' });
    expect(await myProfile(owner.accessToken)).toEqual(before);
  });

  it.each([
    ['a body that is not JSON', { rawBody: '{"firstName":' }],
    ['an unknown field', { body: { firstName: 'X', role: 'admin' } }],
    ['a private field', { body: { published: true } }],
    ['another user id', { body: { userId: 'someone-else' } }],
    ['a wrong type', { body: { yearOfGraduation: '2001' } }],
    ['a list that is not a list', { body: { languages: 'English' } }],
    ['a huge string', { body: { bio: 'x'.repeat(20_000) } }],
    ['an empty name', { body: { firstName: '  ' } }],
    ['an unknown time zone', { body: { timezone: 'Mars/Base' } }],
    [
      'a secondary specialty equal to the primary',
      { body: { specialty: 'Neurology', secondarySpecialty: 'Neurology' } },
    ],
  ])('refuses %s with 400 and leaves the profile as it was', async (_case, request) => {
    const before = await storedRow(owner.userId);
    const response = await call('PATCH', '/api/me', { token: owner.accessToken, ...request });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(await storedRow(owner.userId)).toEqual(before);
  });

  it('keeps every one of several edits of different fields sent at the same moment', async () => {
    const edits = { bio: 'B', subtitle: 'S', location: 'L', credentials: 'C', institution: 'I', lastName: 'Lovelace' };
    const responses = await Promise.all(
      Object.entries(edits).map(([field, value]) =>
        call('PATCH', '/api/me', { token: owner.accessToken, body: { [field]: value } }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Object.values(edits).map(() => 200));
    expect(await myProfile(owner.accessToken)).toMatchObject(edits);
  });

  it('refuses a secondary specialty equal to the stored primary', async () => {
    await call('PATCH', '/api/me', {
      token: owner.accessToken,
      body: { specialty: 'Oncology', secondarySpecialty: null },
    });
    const response = await call('PATCH', '/api/me', {
      token: owner.accessToken,
      body: { secondarySpecialty: 'Oncology' },
    });
    expect(response.status).toBe(400);
    expect((await myProfile(owner.accessToken)).secondarySpecialty).toBeNull();
  });
});

describe('the directory follows profile edits', () => {
  let coach: SignedInUser;

  beforeAll(async () => {
    coach = await signedInUser(stack.config);
    const stamp = new Date().toISOString();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: profileRow({
          userId: coach.userId,
          email: coach.email,
          userType: 'mentor',
          published: true,
          firstName: 'Listed',
          lastName: 'Coach',
          averageRating: 4.5,
          totalRatings: 2,
          createdAt: stamp,
          updatedAt: stamp,
        }),
      }),
    );
  });

  it("renames the directory entry with the coach, and keeps fields the edit didn't touch", async () => {
    await call('PATCH', '/api/me', { token: coach.accessToken, body: { lastName: 'Renamed' } });
    const row = await storedRow(coach.userId);
    expect(row).toMatchObject({ dirpk: expect.stringMatching(/^PUBLISHED#\d+$/), averageRating: 4.5, totalRatings: 2 });
    expect(row?.dirsk).toBe(`renamed#listed#${coach.userId}`);
  });

  it('takes a coach who switches to mentee out of the directory', async () => {
    const response = await call('PATCH', '/api/me', { token: coach.accessToken, body: { userType: 'mentee' } });
    expect(await response.json()).toMatchObject({ userType: 'mentee', published: false });
    const row = await storedRow(coach.userId);
    expect(row).not.toHaveProperty('dirpk');
    expect(row).not.toHaveProperty('dirsk');
    expect((await fetch(`${stack.apiUrl}/api/coaches/${coach.userId}`)).status).toBe(404);
  });
});

describe('without a token', () => {
  it.each([
    ['GET', '/api/me'],
    ['POST', '/api/me'],
    ['PATCH', '/api/me'],
  ])('%s %s answers 401', async (method, path) => {
    expect((await call(method, path, method === 'GET' ? {} : { body: {} })).status).toBe(401);
  });

  it('answers 401 for a forged token', async () => {
    expect((await call('GET', '/api/me', { token: 'not.a.token' })).status).toBe(401);
  });
});
