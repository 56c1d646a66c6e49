import {
  CodeMismatchException,
  type CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  NotAuthorizedException,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../../bin/local/mailbox';
import { localCognitoClient } from '../../bin/local/cognito';
import { maskedAddress } from '../../bin/local/cognito-user-existence';
import { startTestStack, type TestStack } from '../support/local-stack';
import { hostedUiAccessToken, signedInUser } from '../support/users';

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

  it('refreshes tokens through GetTokensFromRefreshToken, as Amplify v6 does', async () => {
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
    const response = await fetch(stack.config.userPoolEndpoint ?? '', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId, RefreshToken: signIn.AuthenticationResult?.RefreshToken }),
    });
    expect(response.status).toBe(200);
    const refreshed = (await response.json()) as { AuthenticationResult?: { AccessToken?: string } };
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
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
