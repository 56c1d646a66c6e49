import { describe, expect, it } from 'vitest';
import { ACCOUNT_UNCONFIRMED_MESSAGE, GOOGLE_EMAIL_UNVERIFIED_MESSAGE } from '@functions/domain/sign-in-methods';
import { providerErrorText } from '@/features/auth/provider-error';

describe('a Google sign-in refused by the PreSignUp trigger, as the callback page shows it', () => {
  it('keeps only the trigger’s own message of Cognito’s error description', () => {
    for (const message of [GOOGLE_EMAIL_UNVERIFIED_MESSAGE, ACCOUNT_UNCONFIRMED_MESSAGE])
      expect(providerErrorText(`PreSignUp failed with error ${message}. `)).toBe(message);
  });

  it('leaves any other provider error as it is', () => {
    expect(providerErrorText('User cancelled login')).toBe('User cancelled login');
    expect(providerErrorText('access_denied')).toBe('access_denied');
  });
});
