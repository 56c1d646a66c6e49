import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { authEmail, authEmailLink, passwordChangedEmail } from '../../functions/domain/auth-emails';
import { handler } from '../../functions/handlers/cognito/custom-message';

describe('auth e-mails', () => {
  it('tells the owner how the password changed, and how to take the account back', () => {
    const changed = passwordChangedEmail('https://mentors.example', 'changed');
    expect(changed.subject).toBe('Your Physician Mentors password was changed');
    expect(changed.text).toContain('changed in your account settings');
    expect(passwordChangedEmail('https://mentors.example', 'reset').text).toContain('reset with a link');
    expect(changed.text).toContain('If this was not you, reset your password now');
    expect(changed.html).toContain('href="https://mentors.example/forgot-password"');
  });

  it('links a sign-up to the SPA with the code and the e-mail', () => {
    expect(authEmailLink('signUp', 'https://mentors.example', 'a+b@x.test', '123456')).toBe(
      'https://mentors.example/#confirm=123456&email=a%2Bb%40x.test',
    );
  });

  it('links a reset to /reset-password', () => {
    expect(authEmailLink('forgotPassword', 'http://localhost:5173', 'a@x.test', '42')).toBe(
      'http://localhost:5173/reset-password#code=42&email=a%40x.test',
    );
  });

  it('says how long each link works: a reset for 1 hour, a sign-up for 24 hours (Cognito code lifetimes)', () => {
    expect(authEmail('forgotPassword', 'https://m.example', 'a@x.test', '1').text).toContain(
      'The link works for 1 hour',
    );
    expect(authEmail('signUp', 'https://m.example', 'a@x.test', '1').html).toContain('The link works for 24 hours.');
  });

  it('escapes the address in the HTML body', () => {
    const mail = authEmail('signUp', 'https://m.example', '<b>@x.test', '1');
    expect(mail.html).not.toContain('<b>@');
    expect(mail.text).toContain('Your code: 1');
  });
});

describe('Cognito CustomMessage trigger', () => {
  const event = (triggerSource: string) =>
    ({
      triggerSource,
      request: { userAttributes: { email: 'dr@x.test' }, codeParameter: '{####}' },
      response: {},
    }) as unknown as CustomMessageTriggerEvent;

  it('keeps the code placeholder verbatim so Cognito can fill it in', async () => {
    process.env.SITE_ORIGIN = 'https://mentors.example';
    const answer = await handler(event('CustomMessage_ForgotPassword'));
    expect(answer.response.emailSubject).toBe('Reset your Physician Mentors password');
    expect(answer.response.emailMessage).toContain(
      'https://mentors.example/reset-password#code={####}&#38;email=dr%40x.test',
    );
  });

  it('leaves other messages to Cognito', async () => {
    const answer = await handler(event('CustomMessage_AdminCreateUser'));
    expect(answer.response.emailMessage).toBeUndefined();
  });
});
