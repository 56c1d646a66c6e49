import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_UNCONFIRMED_MESSAGE,
  assertMaySetFirstPassword,
  type DirectoryUser,
  federatedIdentityOf,
  GOOGLE_EMAIL_UNVERIFIED_MESSAGE,
  NO_PASSWORD_GROUP,
  PASSWORD_ALREADY_SET_MESSAGE,
  planGoogleLink,
  RECENT_SIGN_IN_MINUTES,
  RECENT_SIGN_IN_REQUIRED_MESSAGE,
  signInMethodsOf,
} from '../../functions/domain/sign-in-methods';

const google = { providerName: 'Google', providerUserId: '1093847561234' };

const native = (fields: Partial<DirectoryUser> = {}): DirectoryUser => ({
  username: '5f1c0d2e-native',
  status: 'CONFIRMED',
  emailVerified: true,
  identities: [],
  ...fields,
});

const plan = (usersWithEmail: DirectoryUser[], googleEmailVerified = true) =>
  planGoogleLink({ identity: google, googleEmailVerified, usersWithEmail });

describe('the federated username Cognito gives a first sign-in', () => {
  it('names Google and its user id, whatever the prefix case', () => {
    expect(federatedIdentityOf('google_1093847561234')).toEqual(google);
    expect(federatedIdentityOf('Google_1093847561234')).toEqual(google);
  });

  it('keeps underscores inside the provider user id', () => {
    expect(federatedIdentityOf('google_12_34')).toEqual({ providerName: 'Google', providerUserId: '12_34' });
  });

  it('is not a native username, an unknown provider, or a prefix without an id', () => {
    expect(federatedIdentityOf('5f1c0d2e-0000-4000-8000-000000000000')).toBeNull();
    expect(federatedIdentityOf('facebook_123')).toBeNull();
    expect(federatedIdentityOf('google_')).toBeNull();
    expect(federatedIdentityOf('_123')).toBeNull();
  });
});

describe('linking a first Google sign-in', () => {
  it('creates a passwordless account when none holds the address', () => {
    expect(plan([])).toEqual({ kind: 'create-and-link' });
  });

  it('links to the confirmed e-mail/password account of the same address', () => {
    expect(plan([native()])).toEqual({ kind: 'link', username: '5f1c0d2e-native' });
  });

  it('finishes, then links, the account a timed-out earlier attempt made but left without its password', () => {
    expect(plan([native({ status: 'FORCE_CHANGE_PASSWORD' })])).toEqual({
      kind: 'finish-and-link',
      username: '5f1c0d2e-native',
    });
  });

  it('does nothing more when a retry finds the link made', () => {
    expect(plan([native({ identities: [google] })])).toEqual({ kind: 'already-linked', username: '5f1c0d2e-native' });
  });

  it('links anew when only another Google identity is linked', () => {
    const other = { providerName: 'Google', providerUserId: '999' };
    expect(plan([native({ identities: [other] })])).toEqual({ kind: 'link', username: '5f1c0d2e-native' });
  });

  it('ignores a federated user made before the trigger', () => {
    const legacy = native({ username: 'google_555', status: 'EXTERNAL_PROVIDER' });
    expect(plan([legacy])).toEqual({ kind: 'create-and-link' });
    expect(plan([legacy, native()])).toEqual({ kind: 'link', username: '5f1c0d2e-native' });
  });

  it('refuses an address Google has not verified, even with no account to take over', () => {
    expect(() => plan([], false)).toThrow(GOOGLE_EMAIL_UNVERIFIED_MESSAGE);
    expect(() => plan([native()], false)).toThrow(GOOGLE_EMAIL_UNVERIFIED_MESSAGE);
  });

  it('refuses to hand over an unconfirmed sign-up, or an account whose address is unverified', () => {
    expect(() => plan([native({ status: 'UNCONFIRMED', emailVerified: false })])).toThrow(ACCOUNT_UNCONFIRMED_MESSAGE);
    expect(() => plan([native({ emailVerified: false })])).toThrow(ACCOUNT_UNCONFIRMED_MESSAGE);
  });
});

describe('sign-in methods of an account', () => {
  const account = (status: string, groups: string[], identities = [google]) => ({ status, groups, identities });

  it('an e-mail/password account has a password, linked to Google or not', () => {
    expect(signInMethodsOf(account('CONFIRMED', [], []))).toEqual({
      hasPassword: true,
      canSetPassword: false,
      providers: [],
    });
    expect(signInMethodsOf(account('CONFIRMED', ['finance']))).toEqual({
      hasPassword: true,
      canSetPassword: false,
      providers: ['Google'],
    });
  });

  it('a Google-made account has none of its own, and may set one', () => {
    expect(signInMethodsOf(account('CONFIRMED', [NO_PASSWORD_GROUP]))).toEqual({
      hasPassword: false,
      canSetPassword: true,
      providers: ['Google'],
    });
  });

  it('a federated user made before the trigger can hold no password', () => {
    expect(signInMethodsOf(account('EXTERNAL_PROVIDER', [], []))).toEqual({
      hasPassword: false,
      canSetPassword: false,
      providers: [],
    });
  });
});

describe('setting a first password', () => {
  const now = new Date('2026-11-24T03:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const passwordless = signInMethodsOf({ status: 'CONFIRMED', groups: [NO_PASSWORD_GROUP], identities: [google] });
  const attempt = (fields: Partial<Parameters<typeof assertMaySetFirstPassword>[0]>) => () =>
    assertMaySetFirstPassword({ methods: passwordless, signedInAt: minutesAgo(1), now, ...fields });

  it('is allowed right after signing in, and at exactly the limit', () => {
    expect(attempt({})).not.toThrow();
    expect(attempt({ signedInAt: minutesAgo(RECENT_SIGN_IN_MINUTES) })).not.toThrow();
  });

  it('needs a fresh sign-in a second past the limit, or when the token does not say', () => {
    const stale = new Date(minutesAgo(RECENT_SIGN_IN_MINUTES).getTime() - 1_000);
    expect(attempt({ signedInAt: stale })).toThrow(RECENT_SIGN_IN_REQUIRED_MESSAGE);
    expect(attempt({ signedInAt: null })).toThrow(RECENT_SIGN_IN_REQUIRED_MESSAGE);
  });

  it('is refused for an account that has a password, however fresh the sign-in', () => {
    expect(attempt({ methods: signInMethodsOf({ status: 'CONFIRMED', groups: [], identities: [google] }) })).toThrow(
      PASSWORD_ALREADY_SET_MESSAGE,
    );
  });

  it('is refused for a federated user that cannot hold one', () => {
    expect(attempt({ methods: signInMethodsOf({ status: 'EXTERNAL_PROVIDER', groups: [], identities: [] }) })).toThrow(
      /cannot hold a password/,
    );
  });
});
