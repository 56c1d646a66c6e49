import { describe, expect, it } from 'vitest';
import { ACCOUNT_UNCONFIRMED_MESSAGE, GOOGLE_EMAIL_UNVERIFIED_MESSAGE } from '@functions/domain/sign-in-methods';
import { providerErrorText, retriesLinkedSignIn } from '@/features/auth/provider-error';

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

describe('the first linked Google sign-in, should Cognito still refuse it', () => {
  const tab = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
  };

  it('is tried once more, once per tab', () => {
    const storage = tab();
    expect(retriesLinkedSignIn('Already found an entry for username Google_1093847561234 ', storage)).toBe(true);
    expect(retriesLinkedSignIn('Already found an entry for username Google_1093847561234 ', storage)).toBe(false);
  });

  it('is not the answer to any other error', () => {
    expect(retriesLinkedSignIn(`PreSignUp failed with error ${ACCOUNT_UNCONFIRMED_MESSAGE}. `, tab())).toBe(false);
    expect(retriesLinkedSignIn('access_denied', tab())).toBe(false);
  });
});
