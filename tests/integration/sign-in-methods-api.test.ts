import { randomUUID } from 'node:crypto';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminUpdateUserAttributesCommand,
  type CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCognitoClient } from '../../bin/local/cognito';
import { readMailbox } from '../../bin/local/mailbox';
import { CURRENT_PASSWORD_WRONG_MESSAGE, INVALID_RESET_LINK_MESSAGE } from '../../functions/adapters/identity';
import { cognitoAccounts, cognitoIdentity } from '../../functions/adapters/identity';
import { passwordChangedEmail } from '../../functions/domain/auth-emails';
import {
  ACCOUNT_UNCONFIRMED_MESSAGE,
  NO_PASSWORD_GROUP,
  PASSWORD_ALREADY_SET_MESSAGE,
  RECENT_SIGN_IN_MINUTES,
  RECENT_SIGN_IN_REQUIRED_MESSAGE,
} from '../../functions/domain/sign-in-methods';
import { HOSTED_UI_SCOPES } from '../../functions/schemas/hosted-ui-scopes';
import { PASSWORD_TOO_SHORT_MESSAGE } from '../../functions/schemas/profile';
import { signInMethods } from '../../functions/schemas/sign-in-methods';
import { linkFirstGoogleSignIn } from '../../functions/handlers/cognito/pre-sign-up';
import { startTestStack, type TestStack } from '../support/local-stack';
import {
  type GoogleMadeAccount,
  googleMadeAccount,
  hostedUiAccessToken,
  signedInUser,
  TEST_USER_PASSWORD,
} from '../support/users';

let stack: TestStack;
let cognito: CognitoIdentityProviderClient;

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.test`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

const call = (method: string, path: string, token?: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; details?: unknown[] } }).error;

/** The access token a Google sign-in through the hosted UI gives that account. */
const googleToken = (user: GoogleMadeAccount, signedInAt = new Date()) =>
  hostedUiAccessToken(stack.config, user, HOSTED_UI_SCOPES, { signedInAt, username: user.username });

const passwordSignIn = (email: string, password: string) =>
  cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

const groupsOf = async (username: string | null | undefined) =>
  (
    await cognito.send(
      new AdminListGroupsForUserCommand({ UserPoolId: stack.config.userPoolId, Username: username ?? undefined }),
    )
  ).Groups?.map((group) => group.GroupName);

beforeAll(async () => {
  stack = await startTestStack();
  cognito = localCognitoClient(stack.config.userPoolEndpoint);
});

afterAll(async () => {
  cognito?.destroy();
  await stack?.dispose();
});

describe('GET /api/me/sign-in-methods', () => {
  it('says a Google-made account has no password yet and may set one', async () => {
    const response = await call('GET', '/api/me/sign-in-methods', googleToken(await googleMadeAccount(stack.config)));
    expect(response.status).toBe(200);
    expect(signInMethods.parse(await response.json())).toEqual({
      hasPassword: false,
      canSetPassword: true,
      providers: ['Google'],
    });
  });

  it('says an e-mail/password account has its password', async () => {
    const user = await signedInUser(stack.config);
    const response = await call('GET', '/api/me/sign-in-methods', user.accessToken);
    expect(await response.json()).toEqual({ hasPassword: true, canSetPassword: false, providers: [] });
  });

  it('answers only a signed-in caller, and not the token of an account deleted since', async () => {
    expect((await call('GET', '/api/me/sign-in-methods')).status).toBe(401);
    const account = await googleMadeAccount(stack.config);
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: stack.config.userPoolId, Username: account.username }));
    const response = await call('GET', '/api/me/sign-in-methods', googleToken(account));
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe('UNAUTHORIZED');
  });
});

describe('PUT /api/me/password', () => {
  it('gives a Google-made account its first password, which then signs it in', async () => {
    const account = await googleMadeAccount(stack.config);
    const response = await call('PUT', '/api/me/password', googleToken(account), { password: 'first-pass' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hasPassword: true, canSetPassword: false, providers: ['Google'] });

    const signIn = await passwordSignIn(account.email, 'first-pass');
    expect(signIn.AuthenticationResult?.AccessToken).toBeTruthy();
    const stored = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.config.userPoolId, Username: account.username }),
    );
    // The same account, not a new one: its data stays keyed by the same sub.
    expect(stored.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value).toBe(account.userId);
    expect(await groupsOf(account.username)).toEqual([]);
  });

  it('refuses a second first password: the account now changes it with the current one', async () => {
    const account = await googleMadeAccount(stack.config);
    expect((await call('PUT', '/api/me/password', googleToken(account), { password: 'first-pass' })).status).toBe(200);
    const again = await call('PUT', '/api/me/password', googleToken(account), { password: 'taken-over' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: 'PASSWORD_ALREADY_SET', message: PASSWORD_ALREADY_SET_MESSAGE });
    await expect(passwordSignIn(account.email, 'taken-over')).rejects.toThrow();
  });

  it('refuses an account that signed up with a password', async () => {
    const user = await signedInUser(stack.config);
    const response = await call('PUT', '/api/me/password', user.accessToken, { password: 'taken-over' });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe('PASSWORD_ALREADY_SET');
    await expect(passwordSignIn(user.email, 'taken-over')).rejects.toThrow();
  });

  it('needs a sign-in within the last minutes, and leaves the account passwordless otherwise', async () => {
    const account = await googleMadeAccount(stack.config);
    const stale = googleToken(account, minutesAgo(RECENT_SIGN_IN_MINUTES + 1));
    const response = await call('PUT', '/api/me/password', stale, { password: 'first-pass' });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({
      code: 'RECENT_SIGN_IN_REQUIRED',
      message: RECENT_SIGN_IN_REQUIRED_MESSAGE,
    });
    const methods = await call('GET', '/api/me/sign-in-methods', googleToken(account));
    expect(await methods.json()).toMatchObject({ hasPassword: false });
  });

  it('rejects a password shorter than six characters with the spec’s message, next to the field', async () => {
    const account = await googleMadeAccount(stack.config);
    const response = await call('PUT', '/api/me/password', googleToken(account), { password: 'short' });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'body.password', message: PASSWORD_TOO_SHORT_MESSAGE }],
    });
    for (const body of [{}, { password: 12345678 }, { password: 'first-pass', extra: true }])
      expect((await call('PUT', '/api/me/password', googleToken(account), body)).status).toBe(400);
  });

  it('answers only a signed-in caller', async () => {
    expect((await call('PUT', '/api/me/password', undefined, { password: 'first-pass' })).status).toBe(401);
  });
});

describe('the PreSignUp trigger against cognito-local', () => {
  /** The directory over the wire, and the Google identities each account has linked (Cognito's `identities`). */
  function directory() {
    const accounts = cognitoAccounts(cognito, stack.config.userPoolId);
    const linksOf = async (username: string | null | undefined) =>
      username ? (await accounts.account(username)).identities : [];
    return { accounts, linksOf };
  }

  const firstGoogleSignIn = (email: string, googleUserId: string, emailVerified = 'true') =>
    ({
      version: '1',
      region: 'us-east-1',
      userPoolId: stack.config.userPoolId,
      userName: `google_${googleUserId}`,
      triggerSource: 'PreSignUp_ExternalProvider',
      callerContext: { awsSdkVersion: 'test', clientId: stack.config.userPoolClientId },
      request: {
        userAttributes: { email, email_verified: emailVerified, given_name: 'Grace', family_name: 'Hopper' },
      },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    }) as PreSignUpTriggerEvent;

  const usersWithEmail = (email: string) => cognitoAccounts(cognito, stack.config.userPoolId).usersWithEmail(email);

  it('makes a verified account without a password of its own for a new address and links Google to it, once however often called', async () => {
    const { accounts, linksOf } = directory();
    const email = uniqueEmail('new-google');
    const event = firstGoogleSignIn(email, '1001');
    expect(await linkFirstGoogleSignIn(event, accounts)).toBe(event);
    await linkFirstGoogleSignIn(event, accounts);

    const [made, ...more] = await usersWithEmail(email);
    expect(more).toEqual([]);
    expect(made).toMatchObject({ status: 'CONFIRMED', emailVerified: true });
    expect(await groupsOf(made?.username)).toEqual([NO_PASSWORD_GROUP]);
    // The repeated call found the link the first one made, and made none (Cognito refuses linking one identity twice).
    const identity = { providerName: 'Google', providerUserId: '1001' };
    expect(await linksOf(made?.username)).toEqual([identity]);
    const other = await signedInUser(stack.config);
    await expect(accounts.link(other.email, identity)).rejects.toMatchObject({ name: 'InvalidParameterException' });
    expect(await linksOf(other.email)).toEqual([]);
    const stored = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.config.userPoolId, Username: made?.username }),
    );
    expect(stored.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'given_name', Value: 'Grace' },
        { Name: 'family_name', Value: 'Hopper' },
      ]),
    );
  });

  it('links Google to the confirmed e-mail/password account of the same address', async () => {
    const { accounts, linksOf } = directory();
    const user = await signedInUser(stack.config);
    // cognito-local never marks a confirmed address verified; Cognito does on confirmation.
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: stack.config.userPoolId,
        Username: user.email,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await linkFirstGoogleSignIn(firstGoogleSignIn(user.email, '1002'), accounts);
    const [existing, ...more] = await usersWithEmail(user.email);
    expect(more).toEqual([]);
    expect(await linksOf(existing?.username)).toEqual([{ providerName: 'Google', providerUserId: '1002' }]);
    // It keeps its password, and the settings keep asking for it.
    expect(await groupsOf(existing?.username)).toEqual([]);
    expect((await passwordSignIn(user.email, TEST_USER_PASSWORD)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('finishes the account a timed-out earlier call made but left without its password, then links it', async () => {
    const { accounts, linksOf } = directory();
    const email = uniqueEmail('half-made');
    const username = await accounts.createVerifiedAccount({ email });
    expect((await usersWithEmail(email))[0]?.status).toBe('FORCE_CHANGE_PASSWORD');
    await linkFirstGoogleSignIn(firstGoogleSignIn(email, '1006'), accounts);
    expect(await usersWithEmail(email)).toMatchObject([{ username, status: 'CONFIRMED' }]);
    expect(await groupsOf(username)).toEqual([NO_PASSWORD_GROUP]);
    expect(await linksOf(username)).toEqual([{ providerName: 'Google', providerUserId: '1006' }]);
  });

  it('goes on with the account a simultaneous first sign-in made between its lookup and its own AdminCreateUser', async () => {
    const { accounts, linksOf } = directory();
    const email = uniqueEmail('simultaneous');
    let otherSignIn: string | null = null;
    const racing = {
      ...accounts,
      async createVerifiedAccount(attributes: { email: string }) {
        otherSignIn = await accounts.createVerifiedAccount(attributes);
        const ours = await accounts.createVerifiedAccount(attributes);
        expect(ours).toBeNull();
        return ours;
      },
    };
    await linkFirstGoogleSignIn(firstGoogleSignIn(email, '1007'), racing);
    expect(await usersWithEmail(email)).toMatchObject([{ username: otherSignIn, status: 'CONFIRMED' }]);
    expect(await groupsOf(otherSignIn)).toEqual([NO_PASSWORD_GROUP]);
    expect(await linksOf(otherSignIn)).toEqual([{ providerName: 'Google', providerUserId: '1007' }]);
  });

  it('refuses to hand an account whose address is unverified to a Google sign-in', async () => {
    const { accounts, linksOf } = directory();
    const user = await signedInUser(stack.config);
    await expect(linkFirstGoogleSignIn(firstGoogleSignIn(user.email, '1003'), accounts)).rejects.toThrow(
      ACCOUNT_UNCONFIRMED_MESSAGE,
    );
    expect(await linksOf(user.email)).toEqual([]);
  });

  it('makes nothing when Google has not verified the address', async () => {
    const { accounts } = directory();
    const email = uniqueEmail('unverified-google');
    await expect(linkFirstGoogleSignIn(firstGoogleSignIn(email, '1004', 'false'), accounts)).rejects.toThrow();
    expect(await usersWithEmail(email)).toEqual([]);
  });

  it('lets sign-ups and its own AdminCreateUser pass untouched', async () => {
    const { accounts } = directory();
    const email = uniqueEmail('sign-up');
    for (const triggerSource of ['PreSignUp_SignUp', 'PreSignUp_AdminCreateUser'] as const) {
      const event = { ...firstGoogleSignIn(email, '1005'), userName: randomUUID(), triggerSource };
      expect(await linkFirstGoogleSignIn(event, accounts)).toEqual(event);
    }
    expect(await usersWithEmail(email)).toEqual([]);
  });
});

describe("a password Cognito's policy refuses", () => {
  // The forms check the policy first; should the pool's policy ever be the stricter, its refusal still names the field.
  it("is the password field's error from sign-up, a password change and a first password, not a 500", async () => {
    const refusal = { code: 'VALIDATION_FAILED', details: [{ field: 'body.password' }] };
    const identity = cognitoIdentity(cognito, stack.config.userPoolClientId);
    await expect(
      identity.signUp({ email: uniqueEmail('weak'), password: 'short', userType: 'mentee' }),
    ).rejects.toMatchObject(refusal);
    const user = await signedInUser(stack.config);
    await expect(
      identity.changePassword(user.accessToken, { currentPassword: TEST_USER_PASSWORD, password: 'short' }),
    ).rejects.toMatchObject(refusal);
    const accounts = cognitoAccounts(cognito, stack.config.userPoolId);
    await expect(accounts.setOwnPassword(user.email, 'short')).rejects.toMatchObject(refusal);
    expect((await passwordSignIn(user.email, TEST_USER_PASSWORD)).AuthenticationResult?.AccessToken).toBeTruthy();
  });
});

describe("a new password is mailed to the account's address", () => {
  const CHANGED_SUBJECT = passwordChangedEmail('', 'changed').subject;
  const mailsTo = async (email: string) => (await readMailbox(stack.mailboxFile)).filter((mail) => mail.to === email);
  const passwordChangedMails = async (email: string) =>
    (await mailsTo(email)).filter((mail) => mail.subject === CHANGED_SUBJECT);
  const NEW_PASSWORD = 'a-new-password-2';

  it('changes the password with the current one, then tells the owner once', async () => {
    const user = await signedInUser(stack.config);
    const wrong = await call('POST', '/api/me/password-change', user.accessToken, {
      currentPassword: 'not-the-password',
      password: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'body.currentPassword', message: CURRENT_PASSWORD_WRONG_MESSAGE }],
    });
    const short = await call('POST', '/api/me/password-change', user.accessToken, {
      currentPassword: TEST_USER_PASSWORD,
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect((await errorOf(short)).details).toEqual([
      expect.objectContaining({ field: 'body.password', message: PASSWORD_TOO_SHORT_MESSAGE }),
    ]);
    const anonymous = await call('POST', '/api/me/password-change', undefined, {
      currentPassword: TEST_USER_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(anonymous.status).toBe(401);
    expect(await passwordChangedMails(user.email)).toEqual([]);

    const changed = await call('POST', '/api/me/password-change', user.accessToken, {
      currentPassword: TEST_USER_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(changed.status).toBe(204);
    await expect(passwordSignIn(user.email, TEST_USER_PASSWORD)).rejects.toThrow();
    expect((await passwordSignIn(user.email, NEW_PASSWORD)).AuthenticationResult?.AccessToken).toBeTruthy();
    const mails = await passwordChangedMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('changed in your account settings');
    expect(mails[0]?.text).toContain(`${stack.webUrl}/forgot-password`);
  });

  it('resets with the code of the reset e-mail, then tells the owner; a wrong code and an unknown address answer alike', async () => {
    const user = await signedInUser(stack.config);
    await cognito.send(new ForgotPasswordCommand({ ClientId: stack.config.userPoolClientId, Username: user.email }));
    const resetMail = (await mailsTo(user.email)).find((mail) => mail.subject.startsWith('Reset your'));
    const code = /Your code: (\d+)/.exec(resetMail?.text ?? '')?.[1];
    expect(code).toBeDefined();

    const unknown = uniqueEmail('nobody');
    for (const attempt of [
      { email: user.email, code: code === '000000' ? '111111' : '000000' },
      { email: unknown, code: code ?? '' },
    ]) {
      const refused = await call('POST', '/api/password-resets', undefined, { ...attempt, password: NEW_PASSWORD });
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toEqual({ code: 'INVALID_RESET_LINK', message: INVALID_RESET_LINK_MESSAGE });
    }
    expect(await passwordChangedMails(user.email)).toEqual([]);
    expect(await mailsTo(unknown)).toEqual([]);

    const reset = await call('POST', '/api/password-resets', undefined, {
      email: user.email,
      code,
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(204);
    expect((await passwordSignIn(user.email, NEW_PASSWORD)).AuthenticationResult?.AccessToken).toBeTruthy();
    const mails = await passwordChangedMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('reset with a link sent to this address');
  });
});
