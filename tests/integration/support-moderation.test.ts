import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCognitoClient } from '../../bin/local/cognito';
import { readMailbox } from '../../bin/local/mailbox';
import type { AuditEntry } from '../../functions/domain/audit';
import { queryAll } from '../../functions/data/dynamo';
import { keys } from '../../functions/data/keys';
import { getProfile } from '../../functions/data/profiles';
import { getSession } from '../../functions/data/sessions';
import { SUPPORT_GROUP } from '../../functions/domain/support-group';
import { conversationList, messagePage, sentMessage } from '../../functions/schemas/messages';
import { bookingResult } from '../../functions/schemas/session';
import { reportList, supportReportView } from '../../functions/schemas/support';
import { SUSPENDED_MENTOR_CANCELLATION } from '../../functions/workflows/moderation/suspension';
import { signedInStaff } from '../support/authenticator';
import { storedBooking } from '../support/bookings';
import { at, publishedCoach } from '../support/coaches';
import { paidOneSessionPlan } from '../support/plans';
import { startTestStack, type TestStack } from '../support/local-stack';
import { bookAndPay, bookSession, refundsAnswered } from '../support/paid-sessions';
import { type SignedInUser, signedInUserWithProfile, TEST_USER_PASSWORD } from '../support/users';

/**
 * Issue 40, support's moderation: suspending a user (Cognito refuses them, the API refuses their
 * tokens, a mentor leaves the directory and their upcoming mentees are refunded and mailed),
 * lifting it, and deciding reported messages exactly once.
 */

let stack: TestStack;
let support: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  stack = await startTestStack();
  outsider = await signedInUserWithProfile(stack.config, 'mentee');
  support = await signedInStaff(stack.config, SUPPORT_GROUP);
});

afterAll(async () => {
  await stack?.dispose();
});

const call = (user: SignedInUser | null, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user?.auth, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const errorCodeOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

/** What Cognito answers a sign-in with the user's password, or a refresh of a refresh token: `ok` or its error. */
async function cognitoAnswer(parameters: { USERNAME: string; PASSWORD: string } | { REFRESH_TOKEN: string }) {
  const client = localCognitoClient(stack.config.userPoolEndpoint);
  try {
    await client.send(
      new InitiateAuthCommand({
        ClientId: stack.config.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN' in parameters ? 'REFRESH_TOKEN_AUTH' : 'USER_PASSWORD_AUTH',
        AuthParameters: parameters,
      }),
    );
    return 'ok';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

const signIn = (user: SignedInUser, password = TEST_USER_PASSWORD) =>
  cognitoAnswer({ USERNAME: user.email, PASSWORD: password });

const auditEntriesOf = async (subject: string) =>
  (
    await queryAll<AuditEntry>({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.auditMonthPartition(new Date().toISOString().slice(0, 7)) },
      ConsistentRead: true,
    })
  ).filter((entry) => entry.subject === subject);

const mailsTo = async (email: string) => (await readMailbox(stack.mailboxFile)).filter((mail) => mail.to === email);

describe('suspending a mentor', () => {
  it('refuses their sign-in and tokens, takes them out of the directory and refunds and mails their upcoming mentee', async () => {
    const coach = await publishedCoach(stack.config, { payments: true });
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const { session, checkoutId } = await bookAndPay(stack, { mentee, coach, start: at(3, 10) });
    const paying = await signedInUserWithProfile(stack.config, 'mentee');
    const unpaid = await bookSession(stack, { mentee: paying, coach, start: at(3, 14) });
    await stack.jobsSettled();
    expect((await call(null, 'GET', `/api/coaches/${coach.userId}`)).status).toBe(200);

    const suspended = await call(support, 'POST', `/api/support/users/${coach.userId}/suspend`, {
      reason: 'Abusive messages to mentees',
    });
    expect(suspended.status).toBe(200);
    expect(await suspended.json()).toEqual({
      userId: coach.userId,
      state: 'suspended',
      cancelledSessionIds: [session.id, unpaid.session.id],
    });
    await stack.jobsSettled();

    // Cognito's own answers; the refresh token was revoked by the global sign-out.
    expect(await signIn(coach)).toBe('NotAuthorizedException: User is disabled.');
    expect(await cognitoAnswer({ REFRESH_TOKEN: coach.refreshToken })).toBe(
      'NotAuthorizedException: Refresh Token has been revoked',
    );
    // The access token issued before is still valid at the authorizer: the API refuses it.
    const me = await call(coach, 'GET', '/api/me');
    expect(me.status).toBe(403);
    expect(await errorCodeOf(me)).toBe('ACCOUNT_SUSPENDED');

    expect((await call(null, 'GET', `/api/coaches/${coach.userId}`)).status).toBe(404);
    const booking = await call(mentee, 'POST', '/api/sessions', {
      coachId: coach.userId,
      start: at(4, 10),
      durationMinutes: 60,
    });
    expect(booking.status).toBe(409);
    expect(await errorCodeOf(booking)).toBe('COACH_SUSPENDED');

    expect(await getSession(session.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'coach',
      refund: { status: 'succeeded', amountCents: session.priceCents },
    });
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    // The mentee still at the checkout: it is closed, so it can no longer be paid.
    expect((await getSession(unpaid.session.id))?.status).toBe('cancelled');
    expect(await refundsAnswered(stack, unpaid.checkoutId)).toBe(0);
    const menteeMails = (await mailsTo(mentee.email)).map((mail) => `${mail.subject}\n${mail.text}`);
    expect(menteeMails.find((mail) => mail.startsWith('Session cancelled'))).toContain(SUSPENDED_MENTOR_CANCELLATION);
    expect(menteeMails.some((mail) => mail.startsWith('Refund confirmed'))).toBe(true);

    const [entry] = await auditEntriesOf(`user:${coach.userId}`);
    expect(entry).toMatchObject({
      actor: support.userId,
      action: 'suspend_user',
      reason: 'Abusive messages to mentees',
      before: { state: 'active', published: true },
      after: { state: 'suspended', published: false },
    });

    const page = await call(support, 'GET', `/api/support/users/${coach.userId}`);
    expect((await page.json()).user).toMatchObject({
      state: 'suspended',
      suspendedReason: 'Abusive messages to mentees',
    });

    const again = await call(support, 'POST', `/api/support/users/${coach.userId}/suspend`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(await errorCodeOf(again)).toBe('ALREADY_SUSPENDED');
  });

  it('gives a plan session’s credit back as the coach’s cancellation does, and refuses the plan’s next booking', async () => {
    const coach = await publishedCoach(stack.config, { payments: true });
    const { creditsLeft, book } = await paidOneSessionPlan(stack, coach);
    const planBooking = (days: number) => book(at(days, 9));
    const booked = await planBooking(6);
    expect(booked.status).toBe(201);
    const { session } = bookingResult.parse(await booked.json());
    expect(await creditsLeft()).toBe(0);

    const suspended = await call(support, 'POST', `/api/support/users/${coach.userId}/suspend`, { reason: 'Fraud' });
    expect((await suspended.json()).cancelledSessionIds).toEqual([session.id]);
    expect(await creditsLeft()).toBe(1);
    const refused = await planBooking(7);
    expect(refused.status).toBe(409);
    expect(await errorCodeOf(refused)).toBe('COACH_SUSPENDED');
  });

  it('unsuspends: sign-in works again, the cancelled session and the unpublished profile stay as they are', async () => {
    const coach = await publishedCoach(stack.config, { payments: false });
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const session = await storedBooking({ coachId: coach.userId, menteeId: mentee.userId }, at(5, 10));
    const path = `/api/support/users/${coach.userId}`;
    expect((await call(support, 'POST', `${path}/suspend`, { reason: 'Investigating a complaint' })).status).toBe(200);

    const lifted = await call(support, 'POST', `${path}/unsuspend`, { reason: 'Complaint unfounded' });
    expect(lifted.status).toBe(200);
    expect(await signIn(coach)).toBe('ok');
    expect((await getSession(session.id))?.status).toBe('cancelled');
    expect(await getProfile(coach.userId)).toMatchObject({ published: false });
    expect((await getProfile(coach.userId))?.suspendedAt).toBeUndefined();
    expect((await auditEntriesOf(`user:${coach.userId}`)).map((entry) => entry.action).sort()).toEqual([
      'suspend_user',
      'unsuspend_user',
    ]);

    const again = await call(support, 'POST', `${path}/unsuspend`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(await errorCodeOf(again)).toBe('NOT_SUSPENDED');
  });

  it('is support’s only: 403 to anyone else, 404 for a user with no profile', async () => {
    const coach = await publishedCoach(stack.config, { payments: false });
    const refused = await call(outsider, 'POST', `/api/support/users/${coach.userId}/suspend`, { reason: 'Mine' });
    expect(refused.status).toBe(403);
    expect(await signIn(coach)).toBe('ok');
    const unknown = await call(support, 'POST', '/api/support/users/no-such-user/suspend', { reason: 'Who' });
    expect(unknown.status).toBe(404);
    expect((await call(support, 'POST', `/api/support/users/${coach.userId}/suspend`, { reason: ' ' })).status).toBe(
      400,
    );
  });
});

describe('deciding reported messages', () => {
  let nextDay = 10;

  /** A booked pair, a message from the mentee to the coach, and the coach's report of it. */
  async function reportedMessage(text: string) {
    const [coach, mentee] = await Promise.all([
      publishedCoach(stack.config, { payments: false }),
      signedInUserWithProfile(stack.config, 'mentee'),
    ]);
    await storedBooking({ coachId: coach.userId, menteeId: mentee.userId }, at(nextDay++, 10));
    const sent = await call(mentee, 'POST', '/api/messages', { to: coach.userId, body: text });
    expect(sent.status).toBe(201);
    const { conversationId, message } = sentMessage.parse(await sent.json());
    expect((await call(coach, 'POST', `/api/messages/${message.id}/report`, { reason: 'Rude' })).status).toBe(202);
    const open = reportList.parse(await (await call(support, 'GET', '/api/support/reports?status=open')).json());
    const report = open.reports.find((each) => each.authorId === mentee.userId);
    if (!report) throw new Error('the report is not in the open queue');
    return { coach, mentee, conversationId, message, report };
  }

  const decide = (reportId: string, action: string, note = 'Looked at the thread') =>
    call(support, 'POST', `/api/support/reports/${reportId}/decide`, { action, note });

  const threadOf = async (user: SignedInUser, conversationId: string) =>
    messagePage.parse(await (await call(user, 'GET', `/api/conversations/${conversationId}/messages`)).json()).messages;

  const previewOf = async (user: SignedInUser, conversationId: string) =>
    conversationList
      .parse(await (await call(user, 'GET', '/api/me/conversations')).json())
      .conversations.find((conversation) => conversation.id === conversationId)?.lastMessage.body;

  it('lists open reports oldest first with the message as it stands, and refuses anyone outside support', async () => {
    const first = await reportedMessage('Please pay me outside the platform');
    const second = await reportedMessage('Send me your card number');
    const { reports } = reportList.parse(await (await call(support, 'GET', '/api/support/reports')).json());
    const ids = reports.map((report) => report.id);
    expect(ids.indexOf(first.report.id)).toBeLessThan(ids.indexOf(second.report.id));
    expect(first.report).toEqual({
      id: first.report.id,
      kind: 'message',
      text: 'Please pay me outside the platform',
      authorId: first.mentee.userId,
      reporterId: first.coach.userId,
      reason: 'Rude',
      reportedAt: expect.any(String),
      status: 'open',
    });
    expect((await call(outsider, 'GET', '/api/support/reports')).status).toBe(403);
  });

  it('dismisses: the message stays, the report leaves the open queue, the reporter is told, and only once', async () => {
    const { coach, conversationId, report } = await reportedMessage('See you Tuesday, bring your CV');
    const dismissed = await decide(report.id, 'dismiss');
    expect(dismissed.status).toBe(200);
    expect(supportReportView.parse(await dismissed.json())).toMatchObject({
      status: 'dismissed',
      text: 'See you Tuesday, bring your CV',
    });
    expect((await threadOf(coach, conversationId))[0]).toMatchObject({ body: 'See you Tuesday, bring your CV' });
    const open = reportList.parse(await (await call(support, 'GET', '/api/support/reports?status=open')).json());
    expect(open.reports.map((each) => each.id)).not.toContain(report.id);
    const decided = reportList.parse(await (await call(support, 'GET', '/api/support/reports?status=decided')).json());
    expect(decided.reports.find((each) => each.id === report.id)).toMatchObject({ status: 'dismissed' });
    const [mail] = await mailsTo(coach.email).then((mails) =>
      mails.filter((each) => each.subject === 'We reviewed the message you reported'),
    );
    expect(mail?.text).toContain('does not break our community guidelines');

    const again = await decide(report.id, 'remove_content');
    expect(again.status).toBe(409);
    expect(await errorCodeOf(again)).toBe('REPORT_DECIDED');
    expect(await auditEntriesOf(`report:${report.id}`)).toEqual([
      expect.objectContaining({
        action: 'decide_report',
        actor: support.userId,
        reason: 'Looked at the thread',
        before: { status: 'open' },
        after: expect.objectContaining({ status: 'dismissed', action: 'dismiss' }),
      }),
    ]);
  });

  it('removes the content: blank in the thread and in both list previews, for both parties', async () => {
    const { coach, mentee, conversationId, message, report } = await reportedMessage('You are useless');
    expect((await decide(report.id, 'remove_content')).status).toBe(200);
    for (const party of [coach, mentee]) {
      expect((await threadOf(party, conversationId)).find((each) => each.id === message.id)).toMatchObject({
        body: '',
        removed: true,
      });
      expect(await previewOf(party, conversationId)).toBe('');
    }
    const decided = reportList.parse(await (await call(support, 'GET', '/api/support/reports?status=decided')).json());
    expect(decided.reports.find((each) => each.id === report.id)).toMatchObject({ status: 'removed', text: null });
    const mails = await mailsTo(coach.email);
    expect(mails.find((mail) => mail.subject === 'We reviewed the message you reported')?.text).toContain('removed it');
  });

  it('suspends the author: the message removed, the author suspended and refused, both audited', async () => {
    const { mentee, conversationId, message, coach, report } = await reportedMessage('Threatening text');
    expect((await decide(report.id, 'suspend_author', 'Threats')).status).toBe(200);
    expect((await threadOf(coach, conversationId)).find((each) => each.id === message.id)).toMatchObject({
      removed: true,
    });
    expect(await signIn(mentee)).toBe('NotAuthorizedException: User is disabled.');
    expect(await errorCodeOf(await call(mentee, 'GET', '/api/me'))).toBe('ACCOUNT_SUSPENDED');
    expect((await auditEntriesOf(`user:${mentee.userId}`)).map((entry) => entry.action)).toEqual(['suspend_user']);
    expect((await auditEntriesOf(`report:${report.id}`)).map((entry) => entry.action)).toEqual(['decide_report']);
  });

  it('decides once when two decisions arrive together: one 200, one 409, one audit entry', async () => {
    const { report } = await reportedMessage('Spam spam spam');
    const answers = await Promise.all([decide(report.id, 'dismiss'), decide(report.id, 'remove_content')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await auditEntriesOf(`report:${report.id}`)).toHaveLength(1);
  });
});
