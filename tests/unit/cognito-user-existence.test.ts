import { describe, expect, it } from 'vitest';
import { maskedAddress, withoutUserExistence } from '../../bin/local/cognito-user-existence';

const error = (type: string, message: string) => ({ status: 400, body: { __type: type, message } });
const signIn = { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'a@x.test', PASSWORD: 'p' } };

describe('the local Cognito front answers like Cognito with PreventUserExistenceErrors', () => {
  it('answers a sign-in with an unknown address and one with a wrong password alike', () => {
    const unknown = withoutUserExistence(
      'InitiateAuth',
      signIn,
      error('NotAuthorizedException', 'User not authorized'),
    );
    const wrong = withoutUserExistence('InitiateAuth', signIn, error('InvalidPasswordException', 'Invalid password'));
    expect(unknown).toEqual({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    });
    expect(wrong).toEqual(unknown);
  });

  it('leaves an unconfirmed account and a refresh alone', () => {
    const unconfirmed = error('UserNotConfirmedException', 'User is not confirmed.');
    expect(withoutUserExistence('InitiateAuth', signIn, unconfirmed)).toBe(unconfirmed);
    const refresh = error('NotAuthorizedException', 'Invalid Refresh Token');
    expect(withoutUserExistence('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH' }, refresh)).toBe(refresh);
  });

  it('sends a reset code to an unknown address as to a known one, each to a masked address', () => {
    const unknown = withoutUserExistence(
      'ForgotPassword',
      { Username: 'nobody@example.test' },
      error('UserNotFoundException', 'User does not exist.'),
    );
    const known = withoutUserExistence(
      'ForgotPassword',
      { Username: 'dr@example.test' },
      {
        status: 200,
        body: {
          CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'dr@example.test' },
        },
      },
    );
    expect(unknown).toEqual({
      status: 200,
      body: { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@e***' } },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({
      CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'd***@e***' },
    });
  });

  it('answers a code for an unknown address as a wrong code', () => {
    const mismatch = {
      status: 400,
      body: { __type: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' },
    };
    expect(
      withoutUserExistence('ConfirmForgotPassword', {}, error('UserNotFoundException', 'User does not exist.')),
    ).toEqual(mismatch);
    expect(withoutUserExistence('ConfirmSignUp', {}, error('NotAuthorizedException', 'User not authorized'))).toEqual(
      mismatch,
    );
    expect(
      withoutUserExistence('ConfirmSignUp', {}, error('CodeMismatchException', 'Incorrect confirmation code')),
    ).toEqual(mismatch);
  });

  it('masks an address as AWS shows it', () => {
    expect(maskedAddress('jordan@example.test')).toBe('j***@e***');
  });
});
