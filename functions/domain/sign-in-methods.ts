import { DomainError } from './errors';

/**
 * How an account signs in, and the rules for linking Google to an account and for giving a
 * Google-made account its first password. Cognito cannot give a federated user (`google_…`) a
 * password, and cannot merge a federated user into another once it exists; so on a first Google
 * sign-in the PreSignUp trigger links the Google identity to a native account (found, or made
 * without a password of its own), and every account keeps one `sub` however it signs in.
 */

/** Cognito's UserStatus values that matter here. */
export type AccountStatus = 'CONFIRMED' | 'UNCONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'EXTERNAL_PROVIDER' | string;

/** A user the directory holds under the e-mail address a Google sign-in arrives with. */
export interface DirectoryUser {
  username: string;
  status: AccountStatus;
  emailVerified: boolean;
  /** Providers and their user ids already linked to this user (Cognito's `identities` attribute). */
  identities: readonly FederatedIdentity[];
}

export interface FederatedIdentity {
  /** As Cognito names the provider in AdminLinkProviderForUser: 'Google'. */
  providerName: string;
  providerUserId: string;
}

/** The user pool's own providers, by the prefix Cognito gives their federated usernames. */
const PROVIDERS_BY_PREFIX: Record<string, string> = { google: 'Google' };

/** `google_1234…` (the username Cognito gives a first federated sign-in) → Google, 1234…. */
export function federatedIdentityOf(username: string): FederatedIdentity | null {
  const separator = username.indexOf('_');
  const providerName = PROVIDERS_BY_PREFIX[username.slice(0, separator).toLowerCase()];
  const providerUserId = username.slice(separator + 1);
  return separator > 0 && providerName && providerUserId ? { providerName, providerUserId } : null;
}

export const GOOGLE_EMAIL_UNVERIFIED_MESSAGE =
  'Google has not verified this e-mail address. Sign up with your e-mail address and a password instead.';
export const ACCOUNT_UNCONFIRMED_MESSAGE =
  'An account with this e-mail address is waiting to be confirmed. Open the link in the e-mail we sent you, then sign in with Google.';

/**
 * The Cognito group of accounts made by a Google sign-in that have no password of their own yet.
 * Such an account holds a random password nobody knows (a password-less FORCE_CHANGE_PASSWORD
 * account could not use 'Forgot password', and every account linked this way in the wild is
 * CONFIRMED); only administrators change group membership, so a user cannot put themselves here.
 */
export const NO_PASSWORD_GROUP = 'no-password';

export type LinkPlan =
  /** No account has this e-mail yet: make one without a password of its own, then link Google to it. */
  | { kind: 'create-and-link' }
  /** A timed-out earlier attempt made the account (still FORCE_CHANGE_PASSWORD) but did not finish it. */
  | { kind: 'finish-and-link'; username: string }
  | { kind: 'link'; username: string }
  /** A retry after the link was made: nothing left to do. */
  | { kind: 'already-linked'; username: string };

/**
 * What a first Google sign-in does with the accounts already under its e-mail address. Linking
 * hands an existing account to whoever holds the Google identity, so it needs Google's word that
 * the address is theirs, and an account whose own address is confirmed (an unconfirmed sign-up
 * may have been made by someone else, who knows its password).
 */
export function planGoogleLink(input: {
  identity: FederatedIdentity;
  googleEmailVerified: boolean;
  usersWithEmail: readonly DirectoryUser[];
}): LinkPlan {
  if (!input.googleEmailVerified) throw new DomainError('FORBIDDEN', GOOGLE_EMAIL_UNVERIFIED_MESSAGE);
  // Federated users made before the trigger existed cannot receive a link; they stay as they are.
  const native = input.usersWithEmail.filter((user) => user.status !== 'EXTERNAL_PROVIDER');
  const [account, ...others] = native;
  if (!account) return { kind: 'create-and-link' };
  if (others.length > 0) throw new Error('More than one native account holds one e-mail address');
  if (account.status === 'UNCONFIRMED' || !account.emailVerified)
    throw new DomainError('FORBIDDEN', ACCOUNT_UNCONFIRMED_MESSAGE);
  const linked = account.identities.some(
    (known) =>
      known.providerName === input.identity.providerName && known.providerUserId === input.identity.providerUserId,
  );
  if (linked) return { kind: 'already-linked', username: account.username };
  if (account.status === 'FORCE_CHANGE_PASSWORD') return { kind: 'finish-and-link', username: account.username };
  return { kind: 'link', username: account.username };
}

/** What the settings page needs to know about how an account signs in. */
export interface SignInMethods {
  /** The account has a password of its own (it may change it with the current one). */
  hasPassword: boolean;
  /** It has none yet and may set one without a current password (a Google-made account). */
  canSetPassword: boolean;
  /** Linked third-party providers, e.g. ['Google']. */
  providers: string[];
}

/** A Google-made account is in NO_PASSWORD_GROUP until it sets a password; a federated user made before the trigger (EXTERNAL_PROVIDER) cannot hold one at all. */
export function signInMethodsOf(account: {
  status: AccountStatus;
  groups: readonly string[];
  identities: readonly FederatedIdentity[];
}): SignInMethods {
  const providers = [...new Set(account.identities.map((identity) => identity.providerName))];
  if (account.status === 'EXTERNAL_PROVIDER') return { hasPassword: false, canSetPassword: false, providers };
  const passwordless = account.groups.includes(NO_PASSWORD_GROUP);
  return { hasPassword: !passwordless, canSetPassword: passwordless, providers };
}

/** How long after signing in a person may set a first password without signing in again. */
export const RECENT_SIGN_IN_MINUTES = 10;

export const PASSWORD_ALREADY_SET_MESSAGE =
  'This account already has a password. To change it, enter your current password.';
export const CANNOT_SET_PASSWORD_MESSAGE =
  'This account signs in with Google only and cannot hold a password. Contact support to add one.';
export const RECENT_SIGN_IN_REQUIRED_MESSAGE = `For your security, a password can be set only within ${RECENT_SIGN_IN_MINUTES} minutes of signing in. Sign in again, then set it.`;

/**
 * A first password needs no current one, so only a fresh sign-in may set it: a session left open
 * on a shared computer must not be able to add a password and keep the account.
 */
export function assertMaySetFirstPassword(input: {
  methods: SignInMethods;
  /** When the caller last signed in (the token's `auth_time`), or null if the token does not say. */
  signedInAt: Date | null;
  now: Date;
}): void {
  if (input.methods.hasPassword) throw new DomainError('PASSWORD_ALREADY_SET', PASSWORD_ALREADY_SET_MESSAGE);
  if (!input.methods.canSetPassword) throw new DomainError('FORBIDDEN', CANNOT_SET_PASSWORD_MESSAGE);
  const ageMs = input.signedInAt ? input.now.getTime() - input.signedInAt.getTime() : Number.POSITIVE_INFINITY;
  if (!(ageMs <= RECENT_SIGN_IN_MINUTES * 60_000))
    throw new DomainError('RECENT_SIGN_IN_REQUIRED', RECENT_SIGN_IN_REQUIRED_MESSAGE);
}
