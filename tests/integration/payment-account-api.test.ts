import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { signStripeEvent, verifyStripeEvent } from '../../functions/adapters/stripe-events';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { webhookEventRecordKey } from '../../functions/data/webhook-events';
import { attachPaymentAccount } from '../../functions/data/payment-accounts';
import type { ProfileItem } from '../../functions/domain/profile-item';
import { paymentAccountLink, paymentStatus } from '../../functions/schemas/payment-account';
import { profile as profileView } from '../../functions/schemas/profile';
import { claimsOf } from '../../bin/local/cognito-tokens';
import { startTestStack, type TestStack } from '../support/local-stack';
import { signedInWithCode, withAuthenticatorMfa } from '../support/authenticator';
import { HOSTED_UI_SCOPES } from '../../functions/schemas/hosted-ui-scopes';
import {
  refreshedSignIn,
  type SignedInUser,
  signedInThroughGoogle,
  signedInUserLinkedToGoogle,
  signedInUserWithProfile,
} from '../support/users';

let stack: TestStack;
let standIn: LocalStripe;
let webhookSecret: string;
let connectWebhookSecret: string;

const userWithProfile = (userType: 'mentor' | 'mentee') => signedInUserWithProfile(stack.config, userType);

/** A mentor with two-step verification on, which every link into an existing payment account needs. */
async function mentorWithMfa(): Promise<SignedInUser> {
  const mentor = await userWithProfile('mentor');
  await withAuthenticatorMfa(stack.config, mentor);
  return mentor;
}

const paymentAccount = (user: SignedInUser | null, body: unknown) =>
  fetch(`${stack.apiUrl}/api/me/payment-account`, {
    method: 'POST',
    headers: { ...user?.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function linkFor(user: SignedInUser, action: 'create' | 'dashboard'): Promise<URL> {
  const response = await paymentAccount(user, { action });
  expect(response.status).toBe(200);
  return new URL(paymentAccountLink.parse(await response.json()).url);
}

async function refreshStatus(user: SignedInUser) {
  const response = await paymentAccount(user, { action: 'refresh_status' });
  expect(response.status).toBe(200);
  return paymentStatus.parse(await response.json());
}

async function storedProfile(userId: string): Promise<ProfileItem> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.profile(userId), ConsistentRead: true }),
  );
  return Item as ProfileItem;
}

async function processedEvent(eventId: string) {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: webhookEventRecordKey(eventId), ConsistentRead: true }),
  );
  return Item;
}

/** A link the API gave for the SPA's origin, opened on the local API server (the Vite server is not running). */
const onApiServer = (link: URL) => `${stack.apiUrl}${link.pathname}${link.search}`;

const deliver = (body: string, signature?: string) =>
  fetch(`${stack.apiUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });

async function connectedMentor() {
  const mentor = await userWithProfile('mentor');
  const accountId = (await linkFor(mentor, 'create')).searchParams.get('account') as string;
  return { mentor, accountId };
}

const eventIdOf = (body: string) => (JSON.parse(body) as { id: string }).id;

beforeAll(async () => {
  // These tests drive the local stand-in, never a real Stripe account.
  delete process.env.STRIPE_SECRET_KEY;
  stack = await startTestStack();
  standIn = localStripeFromEnvironment() as LocalStripe;
  webhookSecret = process.env.LOCAL_STRIPE_WEBHOOK_SECRET as string;
  connectWebhookSecret = process.env.LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET as string;
});

afterAll(async () => {
  await stack?.dispose();
});

describe('POST /api/me/payment-account', () => {
  it('creates one account however often create is clicked, and links to the local onboarding page', async () => {
    const mentor = await mentorWithMfa();
    const doubleClick = await Promise.all([linkFor(mentor, 'create'), linkFor(mentor, 'create')]);
    const links = [...doubleClick, await linkFor(mentor, 'create')];
    const accounts = new Set(links.map((link) => link.searchParams.get('account')));
    expect(accounts.size).toBe(1);
    const [accountId] = [...accounts] as [string];
    expect(accountId).toMatch(/^acct_/);

    const link = links[0] as URL;
    expect(link.origin).toBe(stack.webUrl);
    expect(link.pathname).toBe('/_local/stripe/onboarding');
    expect(link.searchParams.get('return')).toBe(`${stack.webUrl}/settings?stripe=connected`);
    expect(link.searchParams.get('refresh')).toBe(`${stack.webUrl}/settings?tab=coaching`);

    expect((await storedProfile(mentor.userId)).stripeAccountId).toBe(accountId);
    const { Item: owner } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.paymentAccountOwner(accountId) }),
    );
    expect(owner).toMatchObject({ userId: mentor.userId, accountId });
  });

  it('keeps one account on the profile even when two different ones are attached at once', async () => {
    const mentor = await userWithProfile('mentor');
    const now = new Date();
    const kept = await Promise.all([
      attachPaymentAccount(mentor.userId, 'acct_first', now),
      attachPaymentAccount(mentor.userId, 'acct_second', now),
    ]);
    const stored = (await storedProfile(mentor.userId)).stripeAccountId;
    expect(['acct_first', 'acct_second']).toContain(stored);
    expect(kept).toEqual([stored, stored]);
    const loser = stored === 'acct_first' ? 'acct_second' : 'acct_first';
    const { Item: orphanOwner } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.paymentAccountOwner(loser) }),
    );
    expect(orphanOwner).toBeUndefined();
  });

  it('reports a new account as connected but incomplete, and keeps the dashboard closed (409)', async () => {
    const mentor = await mentorWithMfa();
    await linkFor(mentor, 'create');
    expect(await refreshStatus(mentor)).toEqual({
      connected: true,
      onboardingComplete: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
    });
    const dashboard = await paymentAccount(mentor, { action: 'dashboard' });
    expect(dashboard.status).toBe(409);
    expect(((await dashboard.json()) as { error: { code: string } }).error.code).toBe('SETUP_INCOMPLETE');
  });

  it('answers 409 for the dashboard and an all-false status before any account exists', async () => {
    const mentor = await userWithProfile('mentor');
    const dashboard = await paymentAccount(mentor, { action: 'dashboard' });
    expect(dashboard.status).toBe(409);
    expect(await dashboard.json()).toEqual({
      error: { code: 'SETUP_INCOMPLETE', message: 'Set up your payment account first.' },
    });
    expect(await refreshStatus(mentor)).toEqual({
      connected: false,
      onboardingComplete: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
    });
  });

  it('opens an existing account (dashboard, onboarding again) only with two-step verification on: 403 MFA_REQUIRED', async () => {
    const { mentor } = await connectedMentor();
    for (const action of ['dashboard', 'create']) {
      const refused = await paymentAccount(mentor, { action });
      expect(refused.status, action).toBe(403);
      expect(await refused.json()).toEqual({
        error: {
          code: 'MFA_REQUIRED',
          message:
            'Turn on two-step verification in Security settings before you open your payment dashboard or change your payout details.',
        },
      });
    }
    // Reading the status needs nothing more.
    expect((await refreshStatus(mentor)).connected).toBe(true);

    await withAuthenticatorMfa(stack.config, mentor);
    expect((await linkFor(mentor, 'create')).pathname).toBe('/_local/stripe/onboarding');
  });

  it('refuses a Google sign-in of a mentor with two-step verification on, refreshed or not: 403 MFA_SIGN_IN_REQUIRED', async () => {
    const mentor = await signedInUserLinkedToGoogle(stack.config, 'mentor');
    await linkFor(mentor, 'create');
    const authenticator = await withAuthenticatorMfa(stack.config, mentor);
    const viaGoogle = await signedInThroughGoogle(stack, mentor);
    expect(claimsOf(viaGoogle.accessToken).scope).toBe(HOSTED_UI_SCOPES.join(' '));
    for (const tokens of [viaGoogle, await refreshedSignIn(stack.config, viaGoogle)]) {
      for (const action of ['dashboard', 'create']) {
        const refused = await paymentAccount(tokens, { action });
        expect(refused.status, action).toBe(403);
        expect(await refused.json()).toEqual({
          error: {
            code: 'MFA_SIGN_IN_REQUIRED',
            message:
              'Signing in with Google skips your authenticator code. Sign out, then sign in with your email, password and code to open your payment dashboard or change your payout details.',
          },
        });
      }
    }
    expect((await refreshStatus(viaGoogle)).connected).toBe(true);
    // The same account's sign-in with the password and the code opens it.
    const withCode = await signedInWithCode(stack.config, mentor, authenticator);
    expect((await linkFor(withCode, 'create')).pathname).toBe('/_local/stripe/onboarding');
  });

  it('is for mentors only (403), needs a token (401) and a known action (400)', async () => {
    const mentee = await userWithProfile('mentee');
    expect((await paymentAccount(mentee, { action: 'create' })).status).toBe(403);
    expect((await paymentAccount(null, { action: 'create' })).status).toBe(401);
    const mentor = await userWithProfile('mentor');
    expect((await paymentAccount(mentor, { action: 'delete' })).status).toBe(400);
    expect((await paymentAccount(mentor, {})).status).toBe(400);
  });
});

describe('local onboarding stand-in', () => {
  it('shows an HTML page; leaving sends the mentor back to the coaching tab, still incomplete', async () => {
    const mentor = await userWithProfile('mentor');
    const link = await linkFor(mentor, 'create');
    const page = await fetch(onApiServer(link));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    for (const text of ['Stripe Connect (local stand-in)', 'Complete onboarding', 'Leave without finishing']) {
      expect(html).toContain(text);
    }

    const leave = await fetch(`${stack.apiUrl}/_local/stripe/onboarding/leave`, {
      method: 'POST',
      body: link.searchParams,
      redirect: 'manual',
    });
    expect(leave.status).toBe(303);
    expect(leave.headers.get('location')).toBe(`${stack.webUrl}/settings?tab=coaching`);
    expect((await refreshStatus(mentor)).onboardingComplete).toBe(false);
  });

  it('completing onboarding sends a signed account.updated that marks the profile complete', async () => {
    const mentor = await mentorWithMfa();
    const link = await linkFor(mentor, 'create');
    const complete = await fetch(`${stack.apiUrl}/_local/stripe/onboarding/complete`, {
      method: 'POST',
      body: link.searchParams,
      redirect: 'manual',
    });
    expect(complete.status).toBe(303);
    expect(complete.headers.get('location')).toBe(`${stack.webUrl}/settings?stripe=connected`);

    // Read before any refresh_status: only the webhook can have stored this.
    expect(await storedProfile(mentor.userId)).toMatchObject({
      stripeOnboardingComplete: true,
      stripeChargesEnabled: true,
      stripePayoutsEnabled: true,
      stripeDetailsSubmitted: true,
    });
    expect(await refreshStatus(mentor)).toEqual({
      connected: true,
      onboardingComplete: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    const me = profileView.parse(await (await fetch(`${stack.apiUrl}/api/me`, { headers: mentor.auth })).json());
    expect(me.paymentAccount).toEqual({ connected: true, onboardingComplete: true });

    const dashboard = await linkFor(mentor, 'dashboard');
    expect(dashboard.pathname).toBe('/_local/stripe/dashboard');
    const dashboardPage = await fetch(onApiServer(dashboard));
    expect(dashboardPage.status).toBe(200);
    expect(await dashboardPage.text()).toContain('Express dashboard (local stand-in)');
  });

  it('will not send the browser anywhere but the app', async () => {
    const { accountId } = await connectedMentor();
    const query = new URLSearchParams({
      account: accountId,
      return: 'https://evil.example/',
      refresh: 'https://evil.example/',
    });
    expect((await fetch(`${stack.apiUrl}/_local/stripe/onboarding?${query}`)).status).toBe(400);
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('refuses a missing or wrong signature, or a tampered body, with 400 and changes nothing', async () => {
    const { mentor, accountId } = await connectedMentor();
    // Stripe's side is complete, so any accepted account.updated would mark the profile complete.
    await standIn.completeOnboarding(accountId);
    const { body, signature } = await standIn.signedAccountUpdated(accountId);
    const wrongSecret = signStripeEvent(JSON.parse(body), 'whsec_not_ours');
    const tampered = body.replace(`"type":"account.updated"`, `"type":"account.updated","extra":1`);

    for (const [payload, header] of [
      [body, undefined],
      [body, wrongSecret.signature],
      [tampered, signature],
      [body, 'garbage'],
    ] as const) {
      const response = await deliver(payload, header);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    expect((await storedProfile(mentor.userId)).stripeOnboardingComplete).toBeUndefined();
    expect(await processedEvent(eventIdOf(body))).toBeUndefined();

    const accepted = await deliver(body, signature);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true, duplicate: false });
    expect((await storedProfile(mentor.userId)).stripeOnboardingComplete).toBe(true);
  });

  it('gets account.updated from the Connect endpoint, signed with that endpoint’s own secret', async () => {
    const { mentor, accountId } = await connectedMentor();
    await standIn.completeOnboarding(accountId);
    const delivery = await standIn.signedAccountUpdated(accountId);
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'account.updated', account: accountId });
    expect(verifyStripeEvent(delivery.body, delivery.signature, [connectWebhookSecret])).toMatchObject({
      kind: 'accountUpdated',
    });
    expect(() => verifyStripeEvent(delivery.body, delivery.signature, [webhookSecret])).toThrow(/Stripe-Signature/);
    expect((await deliver(delivery.body, delivery.signature)).status).toBe(200);
    expect((await storedProfile(mentor.userId)).stripeOnboardingComplete).toBe(true);
  });

  it('accepts an event signed with the platform or the Connect endpoint’s secret, and with no other', async () => {
    const event = JSON.parse((await standIn.signedAccountUpdated((await connectedMentor()).accountId)).body);
    const cases = [
      ['whsec_of_another_endpoint', 400],
      [webhookSecret, 200],
      [connectWebhookSecret, 200],
    ] as const;
    for (const [index, [secret, status]] of cases.entries()) {
      const { body, signature } = signStripeEvent({ ...event, id: `${event.id}_${index}` }, secret);
      expect((await deliver(body, signature)).status, secret).toBe(status);
    }
  });

  it('applies a redelivered event only once', async () => {
    const { mentor, accountId } = await connectedMentor();
    await standIn.completeOnboarding(accountId);
    const delivery = await standIn.signedAccountUpdated(accountId);

    const first = await deliver(delivery.body, delivery.signature);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect((await storedProfile(mentor.userId)).stripeOnboardingComplete).toBe(true);
    const remembered = await processedEvent(eventIdOf(delivery.body));
    const thirtyDays = Date.now() / 1000 + 30 * 24 * 60 * 60;
    expect(remembered?.expiresAt).toBeGreaterThan(thirtyDays - 60);
    expect(remembered?.expiresAt).toBeLessThan(thirtyDays + 60);

    // Undo the effect behind the webhook's back: applying the event again would redo it.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(mentor.userId),
        UpdateExpression: 'SET stripeOnboardingComplete = :false',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
    const again = await deliver(delivery.body, delivery.signature);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect((await storedProfile(mentor.userId)).stripeOnboardingComplete).toBe(false);

    // A new event for the same account still applies.
    const fresh = await standIn.signedAccountUpdated(accountId);
    expect(await (await deliver(fresh.body, fresh.signature)).json()).toEqual({ received: true, duplicate: false });
    expect((await storedProfile(mentor.userId)).stripeOnboardingComplete).toBe(true);
  });

  it('acknowledges event types it does not handle, and accounts no profile owns, without effect', async () => {
    const payout = signStripeEvent(
      {
        id: 'evt_local_payout',
        object: 'event',
        type: 'payout.paid',
        data: { object: { id: 'po_1', object: 'payout' } },
      },
      webhookSecret,
    );
    expect((await deliver(payout.body, payout.signature)).status).toBe(200);

    const stranger = signStripeEvent(
      {
        id: 'evt_local_stranger',
        object: 'event',
        type: 'account.updated',
        data: { object: { id: 'acct_nobody', object: 'account' } },
      },
      webhookSecret,
    );
    const response = await deliver(stranger.body, stranger.signature);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
  });
});
