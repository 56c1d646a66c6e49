import type { Coach } from '../schemas/coach';
import type { DataPage } from './data-pages';
import type { CapturedPayment, MoneyEvent } from './ledger';
import type { RegistryAnswer } from './npi';
import type { OriginsConfig, SecretVersions } from './origin-secret-rotation';
import type { AccountStatus as PaymentAccountStatus } from './payment-account';
import type { ProfileItem } from './profile-item';
import type { BalanceTransaction } from './reconciliation';
import type { AccountStatus, DirectoryUser, FederatedIdentity } from './sign-in-methods';

/*
 * What the domain and the workflows need of the world, declared here at the bottom: the table
 * (data/) and the providers (adapters/) implement these, and the code that uses them never imports
 * those, nor any SDK.
 */

export interface ProfileStore {
  get(userId: string): Promise<ProfileItem | null>;
  /** Stores the profile unless its user already has one; answers with what is stored either way. */
  createOnce(profile: ProfileItem): Promise<{ profile: ProfileItem; created: boolean }>;
  /** Applies `change` to the stored profile and stores the result; null when there is no profile. */
  update(userId: string, change: (current: ProfileItem) => ProfileItem): Promise<ProfileItem | null>;
}

/** The media bucket (headshots), as the API needs it once a file is there (uploads: adapters/media-upload.ts). */
export interface MediaStore {
  /** The object's size, or null when there is no such object. */
  head(key: string): Promise<{ size: number } | null>;
  getBytes(key: string): Promise<Buffer>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes these objects; keys that do not exist are fine. */
  remove(keys: readonly string[]): Promise<void>;
}

/** A condition S3 checks against a presigned POST's signed policy (as @aws-sdk/s3-presigned-post types it). */
export type UploadCondition =
  | ['eq' | 'starts-with', string, string]
  | ['content-length-range', number, number]
  | Record<string, string>;

/** What a browser may upload, and where: the conditions S3 checks against the signed policy. */
export interface UploadPolicy {
  key: string;
  fields: Record<string, string>;
  conditions: UploadCondition[];
  expiresSeconds: number;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface UserInfo {
  sub: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
}

/** The one-off jobs (functions/jobs/), by their route-table operation name. */
export type JobName =
  | 'expirePendingPayment'
  | 'completeSession'
  | 'finishBooking'
  | 'remindDayBefore'
  | 'remindHourBefore'
  /** Its id is `<mentor's user id>.<retry>` (functions/workflows/verification/npi-checks.ts), not a session's. */
  | 'checkNpi'
  | 'refundSession'
  /** A later try of a session's meeting, named by its try (functions/workflows/booking/session-meeting.ts). */
  | 'createMeeting'
  /** The end of a session's outcome window (functions/workflows/booking/session-outcomes.ts). */
  | 'settleOutcome';

/** One-off jobs that run once at a given time with a session id. */
export interface JobScheduler {
  /**
   * Scheduling the same job for the same session (and try) again is a no-op. A job that retries
   * itself (the refund) names the try, so each try is its own schedule and its payload says which.
   */
  schedule(job: JobName, sessionId: string, at: Date, tryNumber?: number): Promise<void>;
  /** Drops a schedule that has not run; a no-op when there is none. */
  unschedule(job: JobName, sessionId: string): Promise<void>;
}

/** Jobs a request or a webhook hands its slow follow-ups to, to run now but not in its own time. */
export interface JobQueue {
  /** Runs the job once, soon, with the session id; a failed run is retried, then dead-lettered (adapters/job-delivery.ts). */
  start(job: JobName, sessionId: string): Promise<void>;
  /** Runs a dead-lettered job (by its operation name) once more with the payload it had (workflows/support/dead-letters.ts). */
  rerun(job: string, payload: string): Promise<void>;
}

/**
 * A hosted payment page for one paid session. The platform charges and holds the money; the
 * coach's share is transferred once the session is delivered (createTransfer).
 */
export interface CheckoutRequest {
  sessionId: string;
  amountCents: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CheckoutState {
  status: 'open' | 'paid' | 'expired';
  paymentIntentId: string | null;
  /** What the checkout charges (its total), and whether it is a live-mode (real money) checkout. */
  amountCents: number;
  livemode: boolean;
}

/** Stripe Checkout in subscription mode for one subscription of ours to a coach's plan, billed monthly. */
export interface SubscriptionCheckoutRequest {
  subscriptionId: string;
  amountCents: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

/** The coach's share of a delivered session, paid from the charge that paid for it. */
export interface TransferRequest {
  sessionId: string;
  amountCents: number;
  currency: string;
  destinationAccountId: string;
  /** The charge the money comes from (Stripe's source_transaction), so it moves once that charge's funds are available. */
  sourceChargeId: string;
  /**
   * Which try this is (1 for the first): Stripe answers a refused try again for a day to whoever
   * sends its idempotency key, so a try after a failure goes under a new key, while duplicates of
   * one try share it.
   */
  attempt: number;
}

export type TransferOutcome =
  | { result: 'transferred'; transferId: string }
  /** The coach's account may not receive transfers yet (onboarding unfinished, capability inactive). */
  | { result: 'account_cannot_receive'; reason: string };

/** The payment provider's connected accounts (mentors being paid), checkouts, refunds and signed events. */
export interface Payments {
  /** Answers with the same account when asked again for the same user, so a double click makes one account. */
  createConnectedAccount(owner: { userId: string; email: string }): Promise<string>;
  /** A single-use link to the provider's onboarding (identity and bank verification). */
  onboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<string>;
  /** A single-use link into the provider's dashboard for the account's owner. */
  dashboardLink(accountId: string): Promise<string>;
  accountStatus(accountId: string): Promise<PaymentAccountStatus>;
  /** Asking again for the same session answers with the same checkout. */
  createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string; url: string }>;
  checkoutState(checkoutId: string): Promise<CheckoutState>;
  /** Closes an unpaid checkout so it can no longer be paid; a no-op once it is paid or expired. */
  expireCheckout(checkoutId: string): Promise<void>;
  /**
   * Refunds `amountCents` of a payment (all of it, or the part a resolution gives back). Each try has its own idempotency key (the provider answers a key's
   * first failure again for a day); a try after one that got through is refused with
   * `charge_already_refunded`, so nothing is refunded twice.
   */
  refund(paymentIntentId: string, sessionId: string, tryNumber: number, amountCents: number): Promise<string>;
  /** Asking again for the same subscription answers with the same checkout. */
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<{ checkoutId: string; url: string }>;
  /** The subscription ends when its paid period does; Stripe sends `customer.subscription.updated` now and `.deleted` then. */
  cancelSubscriptionAtPeriodEnd(stripeSubscriptionId: string): Promise<void>;
  /** The charge that paid an invoice and the processing fee Stripe kept of it. */
  invoicePayment(invoiceId: string): Promise<CapturedPayment>;
  /**
   * Refunds `amountCents` of the charge that paid an invoice (a plan's unused sessions); asking
   * again under the same `refundKey` answers with the same refund and moves no more money.
   */
  refundInvoicePart(invoiceId: string, amountCents: number, refundKey: string): Promise<string>;
  /** The charge of a paid payment and the processing fee Stripe kept of it. */
  capturedPayment(paymentIntentId: string): Promise<CapturedPayment>;
  /**
   * The charge's refund of `amountCents` (the newest one), or null when it has none: a `charge.refunded`
   * event names no refund, so the refund is listed from the provider.
   */
  chargeRefund(chargeId: string, amountCents: number): Promise<string | null>;
  /** The processing fee Stripe kept (positive) or gave back (negative) on a refund, by its balance transaction. */
  refundProcessingFee(refundId: string): Promise<number>;
  /** Asking again for the same session answers with the same transfer and moves no more money. */
  createTransfer(request: TransferRequest): Promise<TransferOutcome>;
  /** The platform account's balance transactions created in [from, to) that a ledger entry has a twin of. */
  balanceTransactions(from: Date, to: Date): Promise<BalanceTransaction[]>;
  /** Throws DomainError VALIDATION_FAILED when the signature is missing or does not match the raw body. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): Promise<PaymentEvent>;
}

/** A provider event, verified and reduced to what the API acts on. */
export type PaymentEvent =
  | { id: string; kind: 'accountUpdated'; accountId: string }
  | Exclude<MoneyEvent, { kind: 'chargeRefunded' }>
  /** The refund it is about is not in the event: the workflow asks the provider for it (chargeRefund). */
  | Omit<Extract<MoneyEvent, { kind: 'chargeRefunded' }>, 'refundId'>
  | { id: string; kind: 'checkoutExpired'; checkoutId: string; sessionId: string }
  | SubscriptionEvent
  | { id: string; kind: 'unhandled'; type: string };

export interface InvoiceFacts {
  id: string;
  at: string;
  subscriptionId: string;
  stripeSubscriptionId: string;
  invoiceId: string;
  amountCents: number;
  /** The end of the service period the invoice bills (its subscription line's period). */
  periodEnd: string;
  /** Where the customer pays the invoice or fixes their card. */
  hostedInvoiceUrl: string | null;
}

/** What a subscription's events say, each naming our subscription by the metadata given at Checkout. */
export type SubscriptionEvent =
  | {
      id: string;
      kind: 'subscriptionCheckoutCompleted';
      at: string;
      subscriptionId: string;
      stripeSubscriptionId: string;
    }
  | (InvoiceFacts & { kind: 'invoicePaid' })
  | (InvoiceFacts & { kind: 'invoicePaymentFailed' })
  | {
      id: string;
      kind: 'subscriptionChanged';
      at: string;
      subscriptionId: string;
      stripeSubscriptionId: string;
      /** Stripe's status (`active`, `past_due`, `canceled`, …). */
      status: string;
      currentPeriodEnd: string | null;
      cancelAtPeriodEnd: boolean;
    };

/** Every verified webhook event's body, kept exactly as received, so finance can list a day and replay it. */
export interface WebhookArchive {
  /** A redelivery keeps the same event again with the same bytes: one copy per event. */
  keep(eventId: string, rawBody: Buffer | string, receivedAt: Date): Promise<void>;
}

/** The audit log's daily copy in the finance archive: one JSON-lines object per UTC day. */
export interface AuditArchive {
  /** Writes the day's object, replacing what an earlier run of the same day wrote. */
  keepDay(day: string, jsonLines: string): Promise<void>;
}

/** What the one consent flow (workflows/connections/oauth-consent.ts) gives every provider's consent page. */
export interface AuthorizeRequest {
  state: string;
  codeChallenge: string;
  redirectUri: string;
}

/** A coach's Zoom authorization; kept server-side only, never sent to a browser. */
export interface MeetingTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO instant after which the access token must be refreshed. */
  expiresAt: string;
}

export interface NewMeeting {
  topic: string;
  start: string;
  durationMinutes: number;
}

/** Keeps the tokens a refresh answered, as soon as it answers: Zoom's refresh tokens are single-use. */
export type KeepMeetingTokens = (tokens: MeetingTokens) => Promise<void>;

/** Video meetings on the coach's own Zoom account, through Zoom's OAuth app flow. */
export interface Meetings {
  /** Where the browser goes to let the app create meetings for the user (PKCE: the verifier's S256 challenge). */
  authorizeUrl(request: AuthorizeRequest): string;
  exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<MeetingTokens>;
  /** Refreshes an expired or refused access token first, handing the new tokens to `keep` whatever follows. */
  createMeeting(
    tokens: MeetingTokens,
    meeting: NewMeeting,
    keep: KeepMeetingTokens,
  ): Promise<{ meetingId: string; joinUrl: string; hostEmail: string | null }>;
  deleteMeeting(tokens: MeetingTokens, meetingId: string, keep: KeepMeetingTokens): Promise<void>;
}

/** A coach's Calendly authorization; kept server-side only, never sent to a browser. */
export interface CalendarTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO instant after which the access token must be refreshed. */
  expiresAt: string;
  /** The calendar's user the tokens act for (Calendly's `owner` URI). */
  account?: string;
}

/** One scheduled event, as the calendar provider tells it. */
export interface ScheduledEvent {
  start: string;
  end: string;
  /** The event type's name, e.g. "30 Minute Meeting". */
  name: string;
  status: 'active' | 'canceled';
  /** The calendar users hosting the event (Calendly user URIs). */
  hosts: string[];
}

/** Bookings made in a coach's own calendar (Calendly), read through the coach's OAuth authorization. */
export interface ExternalCalendar {
  /** Where the browser goes to let the app read the user's scheduled events (PKCE: the verifier's S256 challenge). */
  authorizeUrl(request: AuthorizeRequest): string;
  exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<CalendarTokens>;
  /** Whether the embed's event URI is one of this provider's scheduled events (checked before any request). */
  isEventUri(eventUri: string): boolean;
  /** Answers with the tokens to keep: refreshed ones when the access token had expired. */
  scheduledEvent(tokens: CalendarTokens, eventUri: string): Promise<ScheduledEvent & { tokens: CalendarTokens }>;
}

/** The mentors' own calendars we read busy times from and write bookings into. */
export const CALENDAR_PROVIDERS = ['google', 'microsoft'] as const;
export type CalendarProviderId = (typeof CALENDAR_PROVIDERS)[number];

/** A mentor's grant at the provider; kept encrypted in the table, never sent to a browser. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO instant after which the access token must be refreshed. */
  expiresAt: string;
}

export interface ProviderCalendar {
  id: string;
  name: string;
  primary: boolean;
}

export interface BusyInterval {
  start: string;
  end: string;
}

/** A booked session as it is written into the mentor's calendar. */
export interface BookingEvent {
  sessionId: string;
  title: string;
  description: string;
  meetingUrl?: string;
  start: string;
  end: string;
}

/**
 * One calendar provider over plain fetch (no SDK: googleapis alone is tens of MB). Every call takes
 * an access token; refreshing, retrying after a 401 and keeping the tokens is the caller's
 * (functions/workflows/calendars/calendar-access.ts).
 */
export interface CalendarProvider {
  readonly id: CalendarProviderId;
  /** As the mentor reads it: 'Google Calendar'. */
  readonly label: string;
  authorizeUrl(request: AuthorizeRequest): string;
  exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<ProviderTokens>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  /** Ends the grant at the provider where it offers that (Google); a grant already gone is fine. */
  revoke(tokens: ProviderTokens): Promise<void>;
  /** The account the grant acts for (its e-mail) and its calendars. */
  calendars(accessToken: string): Promise<{ account: string; calendars: ProviderCalendar[] }>;
  /** Busy times of the given calendars in [from, to): free/transparent and cancelled events left out. */
  busy(
    accessToken: string,
    calendarIds: readonly string[],
    from: Date,
    to: Date,
    timeoutMs?: number,
  ): Promise<BusyInterval[]>;
  createEvent(accessToken: string, calendarId: string, event: BookingEvent): Promise<string>;
  updateEvent(accessToken: string, calendarId: string, eventId: string, event: BookingEvent): Promise<void>;
  /** A provider's 404 or 410 means the event is already gone, which is what was asked. */
  deleteEvent(accessToken: string, calendarId: string, eventId: string): Promise<void>;
}

/**
 * Encrypts the third-party tokens we keep (calendar refresh tokens), so the table never holds them
 * in plaintext. The context names whose tokens they are: a ciphertext copied onto another user's
 * item does not decrypt there.
 */
export interface TokenCipher {
  encrypt(plaintext: string, context: Record<string, string>): Promise<string>;
  decrypt(ciphertext: string, context: Record<string, string>): Promise<string>;
}

export interface NewAccount {
  email: string;
  password: string;
  userType: 'mentee' | 'mentor';
}

/** The user directory (Cognito) as the API needs it. */
export interface Identity {
  /**
   * Creates an unconfirmed account (the directory e-mails the code) and returns its user id, or
   * null when an account holds the address already.
   */
  signUp(account: NewAccount): Promise<string | null>;
  /** The signed-in user's own attributes, read with their access token. */
  userInfo(accessToken: string): Promise<UserInfo>;
  /** The signed-in user changes their password, proving the current one. */
  changePassword(accessToken: string, change: { currentPassword: string; password: string }): Promise<void>;
  /** Sets a new password with the code of a reset e-mail. */
  resetPassword(reset: { email: string; code: string; password: string }): Promise<void>;
}

export interface Account {
  status: AccountStatus;
  groups: string[];
  identities: FederatedIdentity[];
}

/** One user pool's accounts, administered with the function's own credentials (IAM). */
export interface AccountDirectory {
  /** The account signed in as `username` (the token's `username` claim). */
  account(username: string): Promise<Account>;
  /** Whether `username` has two-step verification with an authenticator app (TOTP) on. */
  hasAuthenticatorMfa(username: string): Promise<boolean>;
  /** The account's e-mail address; null once the account is deleted. */
  emailOf(username: string): Promise<string | null>;
  /** Gives the account a password of its own, permanently: it signs in with it from now on. */
  setOwnPassword(username: string, password: string): Promise<void>;
  /** Every user holding this e-mail address (native and federated). */
  usersWithEmail(email: string): Promise<DirectoryUser[]>;
  /**
   * Creates a native account for an address its provider has verified, without mailing it, and
   * returns its username (null when an account holds the address already); withoutOwnPassword()
   * then finishes it.
   */
  createVerifiedAccount(attributes: { email: string; givenName?: string; familyName?: string }): Promise<string | null>;
  /** Confirms the account with a random password nobody knows, as one with no password of its own. */
  withoutOwnPassword(username: string): Promise<void>;
  /** From now on, signing in with `identity` signs in as `username`. */
  link(username: string, identity: FederatedIdentity): Promise<void>;
  /** Deletes the account (its refresh tokens stop working); an account already gone is fine. */
  deleteAccount(username: string): Promise<void>;
  /** Refuses the account's sign-ins and token refreshes from now on, and revokes its refresh tokens. */
  disable(username: string): Promise<void>;
  /** Lets a disabled account sign in again (the tokens revoked stay revoked). */
  enable(username: string): Promise<void>;
  /** The accounts whose e-mail address starts with `prefix` (any case), at most `limit`. */
  accountsWithEmailPrefix(prefix: string, limit: number): Promise<PoolAccount[]>;
  /** The accounts whose user id (`sub`) starts with `prefix`, at most `limit`. */
  accountsWithIdPrefix(prefix: string, limit: number): Promise<PoolAccount[]>;
  /** The account whose user id (`sub`) is `userId`, or null when there is none (never made, or deleted). */
  accountOfUser(userId: string): Promise<PoolAccount | null>;
}

/** An account of the user pool as support sees it: `enabled` is false while it is suspended. */
export interface PoolAccount {
  userId: string;
  username: string;
  email: string;
  enabled: boolean;
  createdAt: string | null;
}

export type RegistryLookup = { state: 'answered'; answer: RegistryAnswer } | { state: 'unavailable'; detail: string };

/** The NPPES NPI Registry's public API (no key), or its local stand-in (bin/local/npi-standin.ts). */
export interface NpiRegistry {
  /** What the registry answers for one NPI; a timeout, a refusal, a 5xx or a body that is not JSON is `unavailable`. */
  lookup(npi: string): Promise<RegistryLookup>;
}

export type SnapshotRead =
  | { state: 'current'; etag: string; coaches: Coach[]; bytes: number }
  | { state: 'unchanged' }
  | { state: 'missing' };

/** Every published coach's card as one gzip JSON object: read in one GetObject, rewritten whole. */
export interface DirectorySnapshot {
  /** With `ifNoneMatch`, an object still carrying that ETag answers `unchanged` without a body. */
  read(ifNoneMatch?: string): Promise<SnapshotRead>;
  write(coaches: readonly Coach[], builtAt: Date): Promise<{ bytes: number }>;
}

/**
 * The deployed prerendered page of a screen (its loading state, with the deployment's config inlined
 * and the current build's scripts), which a page function renders the screen's data into.
 */
export interface PageTemplates {
  read(page: DataPage): Promise<string>;
}

/** A secret as its rotation function sees it (Secrets Manager's rotation contract). */
export interface RotatingSecret {
  versions(): Promise<SecretVersions>;
  /** The value of `version` under AWSPENDING and when it was stored, or undefined while it has none. */
  pending(version: string): Promise<{ value: string; createdAt: Date } | undefined>;
  putPending(version: string, value: string): Promise<void>;
  /** Moves AWSCURRENT to `version`, from `fromVersion` (which Secrets Manager labels AWSPREVIOUS). */
  promote(version: string, fromVersion: string | undefined): Promise<void>;
}

/**
 * One CloudFront distribution's configuration (`Config`: CloudFront's DistributionConfig, of which the
 * rotation reads and writes the origins), read and written whole with its ETag, as CloudFront requires.
 */
export interface DistributionConfigStore<Config extends OriginsConfig = OriginsConfig> {
  read(): Promise<{ config: Config; etag: string }>;
  /** Fails when the configuration changed since `etag` was read (PreconditionFailed). */
  write(config: Config, etag: string): Promise<void>;
}
