import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  CodeMismatchException,
  type CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  EnableSoftwareTokenMFAException,
  ExpiredCodeException,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  NotAuthorizedException,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../../bin/local/mailbox';
import { initiatePasswordAuth } from '../../functions/schemas/cognito-password-auth';
import { localCognitoClient } from '../../bin/local/cognito';
import { claimsOf } from '../../bin/local/cognito-tokens';
import { maskedAddress } from '../../bin/local/cognito-user-existence';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Authenticator } from '../support/authenticator';
import { HOSTED_UI_SCOPES } from '../../functions/schemas/hosted-ui-scopes';
import {
  hostedUiAccessToken,
  hostedUiAuthorize,
  hostedUiTokens,
  refreshedSignIn,
  signedInUser,
  signedInUserLinkedToGoogle,
  signedInWith,
  TEST_USER_PASSWORD,
} from '../support/users';

let stack: TestStack;
let cognito: CognitoIdentityProviderClient;

beforeAll(async () => {
  stack = await startTestStack();
  cognito = localCognitoClient(stack.config.userPoolEndpoint);
});

afterAll(async () => {
  cognito?.destroy();
  await stack?.dispose();
});

const codesSentTo = async (email: string) =>
  (await readMailbox(stack.mailboxFile))
    .filter((mail) => mail.to === email)
    .map((mail) => /Your code: (\d+)/.exec(mail.text)?.[1]);

describe('the local Cognito front', () => {
  it('answers ResendConfirmationCode, which cognito-local lacks, with a new code by e-mail', async () => {
    const email = `resend-${Date.now()}@example.test`;
    const ClientId = stack.config.userPoolClientId;
    await cognito.send(new SignUpCommand({ ClientId, Username: email, Password: 'secret-1' }));
    const answer = await cognito.send(new ResendConfirmationCodeCommand({ ClientId, Username: email }));
    expect(answer.CodeDeliveryDetails?.Destination).toBe(maskedAddress(email));

    const [first, second] = await codesSentTo(email);
    expect(first).toMatch(/^\d+$/);
    expect(second).toMatch(/^\d+$/);
    if (first !== second) {
      await expect(
        cognito.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: first })),
      ).rejects.toBeInstanceOf(CodeMismatchException);
    }
    await cognito.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: second }));
  });

  it('answers an unknown address as a known one: sign-in, reset and a code, as Cognito with PreventUserExistenceErrors', async () => {
    const ClientId = stack.config.userPoolClientId;
    const known = await signedInUser(stack.config);
    const unknown = `nobody-${Date.now()}@example.test`;
    const signIn = (email: string, password: string) =>
      cognito
        .send(
          new InitiateAuthCommand({
            ClientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        )
        .catch((error: Error) => ({ name: error.name, message: error.message }));
    const wrongPassword = await signIn(known.email, 'not-the-password');
    expect(wrongPassword).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(await signIn(unknown, 'not-the-password')).toEqual(wrongPassword);

    const reset = await cognito.send(new ForgotPasswordCommand({ ClientId, Username: unknown }));
    expect(reset.CodeDeliveryDetails).toEqual({
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: maskedAddress(unknown),
    });
    expect((await readMailbox(stack.mailboxFile)).some((mail) => mail.to === unknown)).toBe(false);
    await expect(
      cognito.send(new ConfirmSignUpCommand({ ClientId, Username: unknown, ConfirmationCode: '123456' })),
    ).rejects.toBeInstanceOf(CodeMismatchException);
  });

  it('refreshes tokens through GetTokensFromRefreshToken, as Amplify v6 does, keeping the sign-in time', async () => {
    const email = `refresh-${Date.now()}@example.test`;
    const ClientId = stack.config.userPoolClientId;
    await cognito.send(new SignUpCommand({ ClientId, Username: email, Password: 'secret-1' }));
    const [code] = await codesSentTo(email);
    await cognito.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: code }));
    const signIn = await cognito.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'secret-1' },
      }),
    );
    await stack.advanceClock(60);
    const response = await fetch(stack.config.userPoolEndpoint ?? '', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId, RefreshToken: signIn.AuthenticationResult?.RefreshToken }),
    });
    expect(response.status).toBe(200);
    const refreshed = (await response.json()) as { AuthenticationResult?: { AccessToken?: string; IdToken?: string } };
    const now = Date.now() / 1000;
    const signedInAt = claimsOf(signIn.AuthenticationResult?.AccessToken).auth_time;
    expect(signedInAt).toBeLessThan(now - 59 * 60);
    for (const token of [refreshed.AuthenticationResult?.AccessToken, refreshed.AuthenticationResult?.IdToken]) {
      const claims = claimsOf(token);
      expect(claims.auth_time).toBe(signedInAt);
      expect(claims.iat).toBeGreaterThan(now - 60);
    }
    expect(claimsOf(refreshed.AuthenticationResult?.AccessToken).scope).toBe('aws.cognito.signin.user.admin');
  });

  it("answers the SPA's and the smoke test's own InitiateAuth (USER_PASSWORD_AUTH, unsigned JSON) as the SDK's", async () => {
    const user = await signedInUser(stack.config);
    const signedIn = await initiatePasswordAuth(stack.config, user.email, TEST_USER_PASSWORD);
    expect(signedIn.status).toBe(200);
    const me = await cognito.send(new GetUserCommand({ AccessToken: signedIn.AuthenticationResult?.AccessToken }));
    expect(me.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value).toBe(user.userId);

    const refused = await initiatePasswordAuth(stack.config, user.email, 'not-the-password');
    expect(refused.status).toBe(400);
    expect(refused.__type).toMatch(/NotAuthorizedException$/);
    expect(refused.AuthenticationResult).toBeUndefined();
  });

  it('refuses GetUser for an access token without the admin scope, as AWS does', async () => {
    const user = await signedInUser(stack.config);
    const hostedUiToken = hostedUiAccessToken(stack.config, user, ['openid', 'email', 'profile']);
    const refusal = await cognito.send(new GetUserCommand({ AccessToken: hostedUiToken })).catch((error) => error);
    expect(refusal).toBeInstanceOf(NotAuthorizedException);
    expect(refusal.message).toBe('Access Token does not have required scopes');

    const answer = await cognito.send(new GetUserCommand({ AccessToken: user.accessToken }));
    expect(answer.UserAttributes).toContainEqual({ Name: 'email', Value: user.email });
  });
});

describe('the hosted UI (Google sign-in), as Cognito answers it', () => {
  const hostedUi = () => ({ config: stack.config, webUrl: stack.webUrl });

  it("issues the scopes the SPA asks for, an ID token for openid, and keeps the sign-in's scopes and time through a refresh", async () => {
    const user = await signedInUserLinkedToGoogle(stack.config, 'mentee');
    const state = 'state-from-the-spa';
    const { answer, callback, verifier } = await hostedUiAuthorize(hostedUi(), user.email, { state });
    expect(answer.status).toBe(302);
    expect(`${callback?.origin}${callback?.pathname}`).toBe(`${stack.webUrl}/auth/callback`);
    expect(callback?.searchParams.get('state')).toBe(state);
    const { status, body } = await hostedUiTokens(hostedUi(), callback?.searchParams.get('code') ?? '', verifier);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    const access = claimsOf(body.access_token);
    expect(access).toMatchObject({ sub: user.userId, token_use: 'access', scope: HOSTED_UI_SCOPES.join(' ') });
    expect(claimsOf(body.id_token)).toMatchObject({ sub: user.userId, token_use: 'id', auth_time: access.auth_time });
    // The admin scope among them: Cognito answers the user's own calls.
    const me = await cognito.send(new GetUserCommand({ AccessToken: body.access_token }));
    expect(me.UserAttributes).toContainEqual({ Name: 'email', Value: user.email });

    const viaGoogle = signedInWith({ ...user, refreshToken: body.refresh_token ?? '' }, body.access_token ?? '');
    const refreshed = claimsOf((await refreshedSignIn(stack.config, viaGoogle)).accessToken);
    expect(refreshed).toMatchObject({ scope: access.scope, auth_time: access.auth_time });

    const withoutOpenId = await hostedUiAuthorize(hostedUi(), user.email, { scope: 'aws.cognito.signin.user.admin' });
    const code = withoutOpenId.callback?.searchParams.get('code') ?? '';
    const adminOnly = await hostedUiTokens(hostedUi(), code, withoutOpenId.verifier);
    expect(claimsOf(adminOnly.body.access_token).scope).toBe('aws.cognito.signin.user.admin');
    expect(adminOnly.body.id_token).toBeUndefined();
  });

  it('refuses an unregistered callback, a scope the client does not allow, an account not linked to Google, and a code used again or with another verifier', async () => {
    const user = await signedInUserLinkedToGoogle(stack.config, 'mentee');
    const elsewhere = await hostedUiAuthorize(hostedUi(), user.email, {
      redirect_uri: 'https://elsewhere.test/auth/callback',
    });
    expect(elsewhere.answer.status).toBe(400);
    expect(elsewhere.callback).toBeNull();
    const phone = await hostedUiAuthorize(hostedUi(), user.email, { scope: 'openid phone' });
    expect(phone.callback?.searchParams.get('error')).toBe('invalid_scope');
    expect(phone.callback?.searchParams.has('code')).toBe(false);
    const passwordOnly = await signedInUser(stack.config);
    expect((await hostedUiAuthorize(hostedUi(), passwordOnly.email)).answer.status).toBe(400);

    const { callback, verifier } = await hostedUiAuthorize(hostedUi(), user.email);
    const code = callback?.searchParams.get('code') ?? '';
    const wrongVerifier = await hostedUiTokens(hostedUi(), code, `${verifier}x`);
    expect(wrongVerifier).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    const again = await hostedUiAuthorize(hostedUi(), user.email);
    const secondCode = again.callback?.searchParams.get('code') ?? '';
    expect((await hostedUiTokens(hostedUi(), secondCode, again.verifier)).status).toBe(200);
    expect(await hostedUiTokens(hostedUi(), secondCode, again.verifier)).toEqual({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });
});

describe('two-step verification with an authenticator app (TOTP), as Cognito does it', () => {
  const signIn = (email: string) =>
    cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: TEST_USER_PASSWORD },
      }),
    );
  const answerChallenge = (username: string, Session: string | undefined, code: string) =>
    cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: stack.config.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session,
        ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
      }),
    );
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => 'succeeded',
      (error: Error) => error,
    );

  it('sets up a token, refuses a wrong code, turns MFA on, then asks every sign-in for a fresh code', async () => {
    const user = await signedInUser(stack.config);
    const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: user.accessToken }));
    expect(SecretCode).toMatch(/^[A-Z2-7]{32,}$/);
    const authenticator = new Authenticator(SecretCode as string);

    const wrong = await failure(
      cognito.send(
        new VerifySoftwareTokenCommand({ AccessToken: user.accessToken, UserCode: authenticator.wrongCode() }),
      ),
    );
    expect(wrong).toBeInstanceOf(EnableSoftwareTokenMFAException);
    const verified = await cognito.send(
      new VerifySoftwareTokenCommand({ AccessToken: user.accessToken, UserCode: await authenticator.code() }),
    );
    expect(verified.Status).toBe('SUCCESS');
    // A verified token is not yet MFA turned on: that is the user's preference.
    expect(
      (await cognito.send(new GetUserCommand({ AccessToken: user.accessToken }))).UserMFASettingList ?? [],
    ).toEqual([]);
    expect((await signIn(user.email)).AuthenticationResult?.AccessToken).toBeTruthy();

    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: user.accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const me = await cognito.send(new GetUserCommand({ AccessToken: user.accessToken }));
    expect(me).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });

    const challenge = await signIn(user.email);
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.Session?.length).toBeGreaterThanOrEqual(20);
    const username = challenge.ChallengeParameters?.USER_ID_FOR_SRP as string;

    expect(await failure(answerChallenge(username, challenge.Session, authenticator.wrongCode()))).toBeInstanceOf(
      CodeMismatchException,
    );
    const code = await authenticator.code();
    // The password step cannot be skipped with a session of one's own making.
    expect(await failure(answerChallenge(username, 'x'.repeat(40), code))).toBeInstanceOf(NotAuthorizedException);
    const signedIn = await answerChallenge(username, challenge.Session, code);
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();

    // A code is good for one use (tried at once, while its step is still accepted), a session for one sign-in.
    const again = await signIn(user.email);
    expect(await failure(answerChallenge(username, again.Session, code))).toBeInstanceOf(ExpiredCodeException);
    expect(await failure(answerChallenge(username, challenge.Session, authenticator.wrongCode()))).toBeInstanceOf(
      NotAuthorizedException,
    );

    // The tokens of an MFA sign-in refresh as any others.
    const refreshed = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.config.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: signedIn.AuthenticationResult?.RefreshToken as string },
      }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('refuses the setup calls for an access token without the admin scope, as AWS does', async () => {
    const user = await signedInUser(stack.config);
    const hostedUiToken = hostedUiAccessToken(stack.config, user, ['openid', 'email', 'profile']);
    expect(
      await failure(cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: hostedUiToken }))),
    ).toBeInstanceOf(NotAuthorizedException);
    expect(
      await failure(cognito.send(new VerifySoftwareTokenCommand({ AccessToken: hostedUiToken, UserCode: '123456' }))),
    ).toBeInstanceOf(NotAuthorizedException);
    expect(
      await failure(
        cognito.send(
          new SetUserMFAPreferenceCommand({ AccessToken: hostedUiToken, SoftwareTokenMfaSettings: { Enabled: false } }),
        ),
      ),
    ).toBeInstanceOf(NotAuthorizedException);
  });
});

describe('a disabled account (AdminDisableUser), as Cognito refuses it', () => {
  /** `ok`, or the name and message of Cognito's refusal. */
  const answerTo = (call: Promise<unknown>) =>
    call.then(
      () => 'ok',
      (error: Error) => `${error.name}: ${error.message}`,
    );
  const passwordSignIn = (email: string, password = TEST_USER_PASSWORD) =>
    answerTo(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: stack.config.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      ),
    );
  const refresh = (refreshToken: string) =>
    answerTo(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: stack.config.userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      ),
    );
  /** GetTokensFromRefreshToken, as Amplify v6 refreshes: the answer's `__type: message`, or `ok`. */
  async function amplifyRefresh(refreshToken: string) {
    const response = await fetch(stack.config.userPoolEndpoint ?? '', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: stack.config.userPoolClientId, RefreshToken: refreshToken }),
    });
    if (response.status === 200) return 'ok';
    const { __type, message } = (await response.json()) as { __type: string; message: string };
    return `${__type}: ${message}`;
  }
  const account = (email: string) => ({ UserPoolId: stack.config.userPoolId, Username: email });
  const hostedUi = () => ({ config: stack.config, webUrl: stack.webUrl });

  it('refuses its sign-in (the right password only), refreshes and Google sign-in with "User is disabled.", until enabled', async () => {
    const user = await signedInUserLinkedToGoogle(stack.config, 'mentee');
    await cognito.send(new AdminDisableUserCommand(account(user.email)));

    expect(await passwordSignIn(user.email)).toBe('NotAuthorizedException: User is disabled.');
    expect(await passwordSignIn(user.email, 'not-the-password')).toBe(
      'NotAuthorizedException: Incorrect username or password.',
    );
    expect(await refresh(user.refreshToken)).toBe('NotAuthorizedException: User is disabled.');
    expect(await amplifyRefresh(user.refreshToken)).toBe('NotAuthorizedException: User is disabled.');
    const google = await hostedUiAuthorize(hostedUi(), user.email);
    expect(google.callback?.searchParams.get('error_description')).toBe('User is disabled.');
    expect(google.callback?.searchParams.has('code')).toBe(false);

    await cognito.send(new AdminEnableUserCommand(account(user.email)));
    expect(await passwordSignIn(user.email)).toBe('ok');
    expect(await refresh(user.refreshToken)).toBe('ok');
  });

  it('revokes every refresh token on AdminUserGlobalSignOut, which cognito-local lacks; a new sign-in gets a new one', async () => {
    const user = await signedInUser(stack.config);
    await cognito.send(new AdminUserGlobalSignOutCommand(account(user.email)));
    expect(await refresh(user.refreshToken)).toBe('NotAuthorizedException: Refresh Token has been revoked');
    expect(await amplifyRefresh(user.refreshToken)).toBe('NotAuthorizedException: Refresh Token has been revoked');
    expect(await passwordSignIn(user.email)).toBe('ok');
    expect(await answerTo(cognito.send(new AdminUserGlobalSignOutCommand(account('nobody@example.test'))))).toBe(
      'UserNotFoundException: User does not exist.',
    );
  });
});
