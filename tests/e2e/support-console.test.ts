import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCognitoClient } from '../../bin/local/cognito';
import { DEMO_SUPPORT_EMAIL, DEMO_SUPPORT_TOTP_SECRET } from '../../bin/local/demo-support';
import { readMailbox } from '../../bin/local/mailbox';
import { DEMO_PASSWORD } from '../../bin/local/seed';
import { JOB_FUNCTION_RETRY_ATTEMPTS } from '../../functions/adapters/job-delivery';
import { getSession } from '../../functions/data/sessions';
import { FINANCE_GROUP } from '../../functions/domain/finance-group';
import { sessionView } from '../../functions/schemas/session';
import { sentMessage } from '../../functions/schemas/messages';
import { provideHostPorts } from '../../functions/runtime/composition-root';
import { jobs } from '../../functions/runtime/ports/jobs';
import { Authenticator } from '../support/authenticator';
import { movedToStart, storedBooking } from '../support/bookings';
import {
  expectVisible,
  SCREENSHOTS,
  seriousAccessibilityViolations,
  signedInPage,
  startBrowserStack,
  stopBrowserStack,
  submitSignIn,
  toastOn,
} from '../support/browser';
import { at, publishedCoach, RATE_CENTS } from '../support/coaches';
import type { TestStack } from '../support/local-stack';
import { bookAndPay, refundsAnswered } from '../support/paid-sessions';
import { type SignedInUser, signedInUserWithProfile, TEST_USER_PASSWORD } from '../support/users';
import { zoomConnected } from '../support/zoom';

/**
 * Issue 40, the operations console, as the demo support account uses it (password, then a code from
 * the authenticator holding the README's secret): each action asks for a reason, says what it will
 * do, does it once, and the audit log shows it with that reason.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PRICE = `$${RATE_CENTS / 100}.00`;

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let coach: SignedInUser;
const pageErrors: string[] = [];
/** Each action's subject and reason, for the audit log's test. */
const audited: { subject: string; reason: string; label: string }[] = [];

const call = (user: SignedInUser | null, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...(user ? user.auth : {}), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/**
 * A paid hour with the coach, moved to have started `minutesAgo`, the coach saying it happened and
 * the mentee that the coach never came: disputed.
 */
async function disputedSession(day: number, minutesAgo: number) {
  const mentee = await signedInUserWithProfile(stack.config, 'mentee');
  const paid = await bookAndPay(stack, { mentee, coach, start: at(day, 9) });
  await movedToStart(paid.session.id, -minutesAgo);
  const report = (user: SignedInUser, said: string) =>
    call(user, 'POST', `/api/sessions/${paid.session.id}/outcome`, { report: said });
  expect((await report(coach, 'happened')).status).toBe(200);
  const reported = await report(mentee, 'mentor_no_show');
  expect(sessionView.parse(await reported.json()).outcome?.state).toBe('disputed');
  return { mentee, sessionId: paid.session.id, checkoutId: paid.checkoutId };
}

let disputes: Awaited<ReturnType<typeof disputedSession>>[];

beforeAll(async () => {
  // Seeded: the demo support account is part of the demo data.
  ({ stack, browser } = await startBrowserStack({ seed: true }));
  coach = await publishedCoach(stack.config, { payments: true });
  await zoomConnected(stack, coach.userId);
  context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC' });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${stack.webUrl}/login`, { waitUntil: 'networkidle' });
  await submitSignIn(page, DEMO_SUPPORT_EMAIL, DEMO_PASSWORD);
  await page.getByLabel('6-digit code').fill(await new Authenticator(DEMO_SUPPORT_TOTP_SECRET).code());
  await page.getByRole('button', { name: 'Verify' }).click();
  // expect.poll (expectVisible) belongs to a test; the hook waits on the page.
  await toastOn(page, 'Welcome back!').first().waitFor({ timeout: 20_000 });
});

afterAll(async () => {
  await context?.close();
  await stopBrowserStack({ stack, browser });
});

const goto = (path: string) => page.goto(`${stack.webUrl}${path}`, { waitUntil: 'networkidle' });
const dialog = () => page.getByRole('dialog');
const summary = async () => (await dialog().getByTestId('action-summary').textContent()) ?? '';
const confirm = (label: string) => dialog().getByRole('button', { name: label, exact: true }).click();
const mailsTo = async (email: string) => (await readMailbox(stack.mailboxFile)).filter((mail) => mail.to === email);

/** The console's own call with the signed-in page's token: another support member acting first. */
const actElsewhere = (path: string, body: unknown) =>
  page.evaluate(
    async ({ path, body }) => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.accessToken'));
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem(key ?? '')}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { path, body },
  );

/**
 * The page at a phone's width and a desktop's, saved as `name-390.png` and `name-1280.png`, axe at both;
 * `shown` scrolled into view first (a dialog scrolls on its own, out of a full-page screenshot's reach).
 */
async function shots(name: string, shown?: Locator) {
  for (const [viewport, width] of [
    [PHONE, 390],
    [DESKTOP, 1280],
  ] as const) {
    await page.setViewportSize(viewport);
    await shown?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }
}

/** Cognito's answer to a password sign-in: 'ok', or the error's name and message. */
async function signInAnswer(email: string): Promise<string> {
  const client = localCognitoClient(stack.config.userPoolEndpoint);
  try {
    await client.send(
      new InitiateAuthCommand({
        ClientId: stack.config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: TEST_USER_PASSWORD },
      }),
    );
    return 'ok';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  } finally {
    client.destroy();
  }
}

/** Finds `user` through the search and opens their page. */
async function openUserPage(user: SignedInUser) {
  await goto('/support');
  await page.getByLabel('E-mail, name or id').fill(user.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect.poll(() => page.getByText(user.email).count(), { timeout: 20_000 }).toBe(1);
  await page.locator('li').filter({ hasText: user.email }).getByRole('link').click();
  await expectVisible(page.getByRole('heading', { level: 1 }));
  await expectVisible(page.getByRole('heading', { name: 'Sessions', level: 2 }));
}

describe('the support console', () => {
  it('is offered to support only: everyone else, finance aside for the audit log, gets the 404 page', async () => {
    await goto('/');
    await expectVisible(page.getByRole('banner').getByRole('link', { name: 'Support', exact: true }));
    for (const groups of [[], [FINANCE_GROUP]]) {
      const user = await signedInUserWithProfile(stack.config, 'mentee', groups);
      const other = await signedInPage({ stack, browser }, user.email, { path: '/support' });
      await expectVisible(other.page.getByRole('heading', { name: 'Oops! Page not found' }));
      expect(await other.page.getByRole('banner').getByRole('link', { name: 'Support', exact: true }).count()).toBe(0);
      await other.page.goto(`${stack.webUrl}/support/audit`, { waitUntil: 'networkidle' });
      const heading = groups.length ? 'Audit log' : 'Oops! Page not found';
      await expectVisible(other.page.getByRole('heading', { name: heading, level: 1 }));
      await other.page.close();
    }
  });

  it('lists the disputed sessions oldest first, both reports side by side', async () => {
    disputes = [];
    for (const [day, minutesAgo] of [
      [1, 20],
      [2, 25],
      [3, 30],
    ] as const)
      disputes.push(await disputedSession(day, minutesAgo));
    await goto('/support/disputes');
    const cards = page.getByTestId('dispute');
    const mine = disputes.map((dispute) => dispute.sessionId);
    // The demo data may hold disputes of its own: these three come in the order they were disputed.
    await expect
      .poll(
        async () =>
          (await cards.evaluateAll((items) => items.map((item) => item.dataset.sessionId))).filter((id) =>
            mine.includes(id as string),
          ),
        {
          timeout: 20_000,
        },
      )
      .toEqual(mine);
    const first = page.locator(`[data-session-id="${mine[0]}"]`);
    expect(await first.getByText('Says the session happened').count()).toBe(1);
    expect(await first.getByText('Says the mentor did not show up').count()).toBe(1);
    await shots('support-disputes');
  });

  it('resolves a disputed session for the mentor, asking for the reason first', async () => {
    const [dispute] = disputes;
    const card = page.locator(`[data-session-id="${dispute?.sessionId}"]`);
    await card.getByRole('button', { name: 'Resolve…' }).click();
    expect(await summary()).toMatch(/^Pay Casey Coach for the session on .*; Test Mentee gets no refund\./);
    await confirm('Resolve dispute');
    await expectVisible(dialog().getByText('Say why the session is resolved this way.'));
    const reason = 'Zoom shows the mentor joined on time';
    await dialog().getByLabel('Reason').fill(reason);
    await confirm('Resolve dispute');
    await expectVisible(toastOn(page, 'Dispute resolved'));
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(0);
    expect((await getSession(dispute?.sessionId as string))?.resolution).toMatchObject({ resolution: 'pay_coach' });
    audited.push({ subject: `session:${dispute?.sessionId}`, reason, label: 'Resolved a dispute' });
  });

  it('resolves one for the mentee, saying the refund before it is confirmed', async () => {
    const dispute = disputes[1];
    const card = page.locator(`[data-session-id="${dispute?.sessionId}"]`);
    await card.getByRole('button', { name: 'Resolve…' }).click();
    await dialog().getByText('Refund the mentee', { exact: true }).click();
    expect(await summary()).toMatch(
      new RegExp(`^Refund \\${PRICE} to Test Mentee; Casey Coach is not paid for the session on `),
    );
    const reason = 'The mentor never joined the meeting';
    await dialog().getByLabel('Reason').fill(reason);
    await shots('support-resolve-dialog');
    await confirm('Resolve dispute');
    await expectVisible(toastOn(page, 'Dispute resolved'));
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(0);
    expect((await getSession(dispute?.sessionId as string))?.resolution).toMatchObject({ resolution: 'refund_mentee' });
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, dispute?.checkoutId as string)).toBe(1);
    audited.push({ subject: `session:${dispute?.sessionId}`, reason, label: 'Resolved a dispute' });
  });

  it('says so when someone else resolved the dispute first (409), keeping the reason typed', async () => {
    const dispute = disputes[2];
    const card = page.locator(`[data-session-id="${dispute?.sessionId}"]`);
    await card.getByRole('button', { name: 'Resolve…' }).click();
    await dialog().getByText('Split', { exact: true }).click();
    await dialog().getByLabel('Refund to the mentee (USD)').fill('30');
    expect(await summary()).toMatch(
      new RegExp(`^Refund \\$30\\.00 of \\${PRICE} to Test Mentee and pay Casey Coach the rest for the session on `),
    );
    await dialog().getByLabel('Reason').fill('Half the hour happened');
    const path = `/support/sessions/${dispute?.sessionId}/resolve`;
    expect(await actElsewhere(path, { resolution: 'pay_coach', note: 'Decided on the phone with both' })).toBe(200);
    await confirm('Resolve dispute');
    const refusal = dialog().getByRole('alert');
    await expectVisible(refusal);
    expect(await refusal.textContent()).toMatch(/^Not done: the record does not allow this now/);
    expect(await dialog().getByLabel('Reason').inputValue()).toBe('Half the hour happened');
    await shots('support-resolve-409', refusal);
    await dialog().getByRole('button', { name: 'Go back' }).click();
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(0);
  });

  it('cancels a session on behalf with part of it refunded, found through the search', async () => {
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const paid = await bookAndPay(stack, { mentee, coach, start: at(4, 10) });
    await openUserPage(mentee);
    await shots('support-user');
    const card = page.locator(`[data-session-id="${paid.session.id}"]`);
    await card.getByRole('button', { name: 'Cancel on behalf…' }).click();
    expect(await summary()).toMatch(new RegExp(`^Refund \\${PRICE} to Test Mentee and cancel the session on `));
    await dialog().getByText('Part of it', { exact: true }).click();
    await dialog().getByLabel('Refund amount (USD)').fill('500');
    await dialog().getByLabel('Reason').fill('x');
    await confirm('Cancel session');
    await expectVisible(dialog().getByText(`Refund at most ${PRICE}.`));
    await dialog().getByLabel('Refund amount (USD)').fill('50');
    const reason = 'The mentor asked us to cancel; half refunded as agreed with both';
    await dialog().getByLabel('Reason').fill(reason);
    expect(await summary()).toMatch(
      new RegExp(
        `^Refund \\$50\\.00 of \\${PRICE} to Test Mentee and cancel the session on .*\\. Casey Coach and Test Mentee are told by e-mail\\.$`,
      ),
    );
    await shots('support-cancel-dialog');
    await confirm('Cancel session');
    await expectVisible(toastOn(page, 'Session cancelled'));
    await expect.poll(() => card.getByText(/^Cancelled/).count(), { timeout: 20_000 }).toBe(1);
    expect(await getSession(paid.session.id)).toMatchObject({ status: 'cancelled', refund: { amountCents: 5_000 } });
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, paid.checkoutId)).toBe(1);
    expect((await mailsTo(mentee.email)).some((mail) => mail.text.includes(reason))).toBe(true);
    audited.push({ subject: `session:${paid.session.id}`, reason, label: 'Cancelled a session' });
  });

  // Before the suspension: moving the clock refreshes every signed-in test user, and the suspended mentor's refresh token is revoked.
  it('re-drives a dead letter once the cause is fixed: it runs again and leaves the list', async () => {
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const session = await storedBooking({ coachId: coach.userId, menteeId: mentee.userId }, at(7, 9));
    await stack.jobsSettled();
    // The mail service refuses every try of the day-before reminder: Lambda's retries a minute apart, then the dead letter.
    const restoreMailer = provideHostPorts({
      mailer: { send: async () => Promise.reject(new Error('Maximum sending rate exceeded.')) },
    });
    try {
      await jobs().start('remindDayBefore', session.id);
      await stack.jobsSettled();
      for (let retry = 0; retry < JOB_FUNCTION_RETRY_ATTEMPTS; retry++) await stack.advanceClock(1);
      await stack.jobsSettled();
    } finally {
      restoreMailer();
    }
    await goto('/support/dead-letters');
    const card = page.getByTestId('dead-letter').filter({ hasText: `session:${session.id}` });
    await expectVisible(card);
    expect(await card.textContent()).toContain('Maximum sending rate exceeded.');
    const letterId = (await card.getAttribute('data-dead-letter-id')) as string;
    await shots('support-dead-letters');
    await card.getByRole('button', { name: `Re-drive remindDayBefore for session:${session.id}` }).click();
    expect(await summary()).toBe(
      `Run the job remindDayBefore for session:${session.id} again, once. It leaves the dead letters if it succeeds and stays here if it fails again.`,
    );
    const reason = 'SES is sending again after the rate limit was raised';
    await dialog().getByLabel('Reason').fill(reason);
    await shots('support-redrive-dialog');
    await confirm('Re-drive');
    await expectVisible(toastOn(page, 'Job re-driven'));
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(0);
    await stack.jobsSettled();
    expect((await getSession(session.id))?.['followUp:remindDayBefore:mentee']?.doneAt).toEqual(expect.any(String));
    audited.push({ subject: `dead-letter:${letterId}`, reason, label: 'Re-drove a dead letter' });
  });

  it('suspends a mentor: their sign-in fails, their coach page is gone, their upcoming mentee refunded and mailed', async () => {
    const mentor = await publishedCoach(stack.config, { payments: true });
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const paid = await bookAndPay(stack, { mentee, coach: mentor, start: at(5, 11) });
    expect((await call(null, 'GET', `/api/coaches/${mentor.userId}`)).status).toBe(200);
    await openUserPage(mentor);
    await page.getByRole('button', { name: 'Suspend…' }).click();
    expect(await summary()).toMatch(/coach page is unpublished.*upcoming sessions are cancelled and refunded in full/);
    const reason = 'Abusive messages to several mentees';
    await dialog().getByLabel('Reason').fill(reason);
    await shots('support-suspend-dialog');
    await confirm('Suspend account');
    await expectVisible(toastOn(page, 'Account suspended'));
    await expectVisible(page.getByRole('button', { name: 'Unsuspend…' }));
    await stack.jobsSettled();
    expect(await signInAnswer(mentor.email)).toBe('NotAuthorizedException: User is disabled.');
    expect((await call(null, 'GET', `/api/coaches/${mentor.userId}`)).status).toBe(404);
    expect(await getSession(paid.session.id)).toMatchObject({
      status: 'cancelled',
      refund: { amountCents: RATE_CENTS },
    });
    expect(await refundsAnswered(stack, paid.checkoutId)).toBe(1);
    await expect
      .poll(
        async () => (await mailsTo(mentee.email)).some((mail) => mail.text.includes('can no longer hold sessions')),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    audited.push({ subject: `user:${mentor.userId}`, reason, label: 'Suspended a user' });
  });

  it('decides a reported message: removed for everyone, the reporter told', async () => {
    const [mentor, mentee] = await Promise.all([
      publishedCoach(stack.config, { payments: false }),
      signedInUserWithProfile(stack.config, 'mentee'),
    ]);
    await storedBooking({ coachId: mentor.userId, menteeId: mentee.userId }, at(6, 10));
    const sent = await call(mentee, 'POST', '/api/messages', { to: mentor.userId, body: 'You are useless' });
    expect(sent.status).toBe(201);
    const { message } = sentMessage.parse(await sent.json());
    expect((await call(mentor, 'POST', `/api/messages/${message.id}/report`, { reason: 'Rude' })).status).toBe(202);
    await goto('/support/reports');
    const card = page.getByTestId('report').filter({ hasText: 'You are useless' });
    await expectVisible(card);
    const reportId = (await card.getAttribute('data-report-id')) as string;
    await card.getByRole('button', { name: 'Decide…' }).click();
    await dialog().getByText('Remove content', { exact: true }).click();
    expect(await summary()).toBe(
      'Remove the message for everyone and close the report. The reporter is told the outcome.',
    );
    const reason = 'Insulting a mentor breaks the community rules';
    await dialog().getByLabel('Reason').fill(reason);
    await shots('support-decide-dialog');
    await confirm('Decide');
    await expectVisible(toastOn(page, 'Report decided'));
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(0);
    await page.getByText('Decided', { exact: true }).click();
    const decided = page.locator(`[data-report-id="${reportId}"]`);
    await expectVisible(decided.getByText('Status: Content removed'));
    await shots('support-reports-decided');
    await expect
      .poll(
        async () =>
          (await mailsTo(mentor.email)).some((mail) => mail.subject === 'We reviewed the message you reported'),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    audited.push({ subject: `report:${reportId}`, reason, label: 'Decided a report' });
  });

  it('shows every action in the audit log with its reason, newest first, filtered by subject', async () => {
    await goto('/support/audit');
    const entries = page.getByTestId('audit-entry');
    for (const { reason, label } of audited) {
      await expectVisible(entries.filter({ hasText: reason }).filter({ hasText: label }));
    }
    expect(await entries.first().textContent()).toContain(audited.at(-1)?.reason);
    await shots('support-audit');
    const { subject, reason } = audited.find((entry) => entry.subject.startsWith('user:')) as (typeof audited)[number];
    await page.getByLabel('Subject').fill(subject);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => entries.filter({ hasText: 'Suspended a user' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await entries.filter({ hasText: reason }).count()).toBe(1);
    // Reading the user's page was audited too (read_user).
    expect(await entries.filter({ hasText: "Read a user's page" }).count()).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });
});
