import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../../bin/local/mailbox';
import { cognitoAccounts } from '../../functions/adapters/identity';
import { localCognitoClient } from '../../bin/local/cognito';
import { queryAll } from '../../functions/data/dynamo';
import { keys } from '../../functions/data/keys';
import { getSession } from '../../functions/data/sessions';
import { coachNet, DEFAULT_FEE_RULE, refundSplit } from '../../functions/domain/fees';
import { SUPPORT_GROUP } from '../../functions/domain/support-group';
import { sessionView } from '../../functions/schemas/session';
import { MAX_USERS_FOUND, supportUserPage, userSearchResult } from '../../functions/schemas/support';
import { signedInStaff } from '../support/authenticator';
import { at, publishedCoach, RATE_CENTS, storeProfile } from '../support/coaches';
import { sampleProfileItem } from '../support/handler-kit/sample-items';
import { startTestStack, type TestStack } from '../support/local-stack';
import {
  bookAndPay,
  heldForSession,
  ledgerOfSession,
  transfersOfSession,
  refundsAnswered,
} from '../support/paid-sessions';
import { type SignedInUser, signedInUser, signedInUserWithProfile } from '../support/users';

/**
 * Issue 40, support's part on users: find anyone by e-mail, name or id (a prefix, any case, at
 * most 20), read their page (itself audited), cancel a session on a party's behalf with the refund
 * support chooses (once, however many cancels race), and delete an account as its owner would.
 */

let stack: TestStack;
let coach: SignedInUser;
let support: SignedInUser;
let outsider: SignedInUser;

const PRICE = RATE_CENTS;
const NET = coachNet(PRICE, DEFAULT_FEE_RULE);
const FEE = PRICE - NET;

beforeAll(async () => {
  stack = await startTestStack();
  coach = await publishedCoach(stack.config, { payments: true });
  outsider = await signedInUserWithProfile(stack.config, 'mentee');
  support = await signedInStaff(stack.config, SUPPORT_GROUP);
});

afterAll(async () => {
  await stack?.dispose();
});

const call = (user: SignedInUser, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user.auth, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const search = async (q: string) => {
  const response = await call(support, 'GET', `/api/support/users?q=${encodeURIComponent(q)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return userSearchResult.parse(await response.json()).users;
};

const cancel = (sessionId: string, body: unknown) =>
  call(support, 'POST', `/api/support/sessions/${sessionId}/cancel`, body);

/** A signed-in mentee with a profile of this name and e-mail. */
async function namedMentee(firstName: string, lastName: string, email = `user-${randomUUID()}@example.test`) {
  const user = await signedInUser(stack.config, email);
  await storeProfile(sampleProfileItem(user.userId, 'mentee', { firstName, lastName, email }));
  return user;
}

/** The audit entries of today about `subject`. */
const auditedAbout = async (subject: string) =>
  queryAll<{ action: string; actor: string; reason: string; subject: string; after?: unknown }>({
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'subject = :subject',
    ExpressionAttributeValues: { ':pk': keys.audit(new Date().toISOString(), '').pk, ':subject': subject },
  });

const transfersOf = (sessionId: string) => transfersOfSession(stack, sessionId);
const entriesOf = (sessionId: string) => ledgerOfSession(coach.userId, sessionId);
const heldInLedger = (sessionId: string) => heldForSession(coach.userId, sessionId);

const cancellationMailsTo = async (to: string) =>
  (await readMailbox(stack.mailboxFile)).filter(
    (mail) => mail.to === to && mail.subject.startsWith('Session cancelled'),
  );

describe('GET /api/support/users?q=', () => {
  it('finds a user by the start of their e-mail, name or id, in any case', async () => {
    const quinn = await namedMentee('Quinlan', 'Ostrowski', `Quinlan.Ostrowski.${randomUUID()}@Example.test`);
    await namedMentee('Quinlan', 'Other');

    const byEmail = await search('quinlan.ostro');
    expect(byEmail).toEqual([
      { userId: quinn.userId, email: quinn.email, name: 'Quinlan Ostrowski', userType: 'mentee', state: 'active' },
    ]);
    expect((await search('QUINLAN OST')).map((user) => user.userId)).toEqual([quinn.userId]);
    expect((await search('quinlan')).map((user) => user.name).sort()).toEqual(['Quinlan Ostrowski', 'Quinlan Other']);
    expect((await search(quinn.userId.slice(0, 13).toUpperCase())).map((user) => user.userId)).toEqual([quinn.userId]);
    expect(await search('ostrowski quinlan')).toEqual([]);
  });

  it('answers at most 20 users, from the user pool and from the names alike', async () => {
    for (let index = 0; index < MAX_USERS_FOUND + 2; index++) {
      await namedMentee('Marguerite', `Number${index}`, `capped-${index}-${randomUUID()}@example.test`);
    }
    expect(await search('capped-')).toHaveLength(MAX_USERS_FOUND);
    expect(await search('marguerite')).toHaveLength(MAX_USERS_FOUND);
  });

  it('asks for at least 2 characters', async () => {
    expect((await call(support, 'GET', '/api/support/users?q=a')).status).toBe(400);
  });
});

describe('support cancels a paid session for its parties', () => {
  async function paidSession(days: number) {
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const paid = await bookAndPay(stack, { mentee, coach, start: at(days, 9) });
    return { mentee, session: paid.session, checkoutId: paid.checkoutId };
  }

  it('refunds in full through the refund job, the ledger and both parties’ e-mails, and pays the coach nothing', async () => {
    const { mentee, session, checkoutId } = await paidSession(3);
    const response = await cancel(session.id, { reason: 'The mentor is unwell', refund: 'full' });
    expect(response.status, await response.clone().text()).toBe(200);
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    const cancelled = await getSession(session.id);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'support',
      refund: { status: 'succeeded', amountCents: PRICE },
      supportCancellation: { refundCents: PRICE, by: support.userId },
    });
    expect(transfersOf(session.id)).toEqual([]);
    expect(await heldInLedger(session.id)).toBe(0);
    for (const party of [mentee.email, coach.email]) {
      const [mail] = await cancellationMailsTo(party);
      expect(mail?.text).toContain('Our support team cancelled your');
      expect(mail?.text).toContain('The mentor is unwell');
    }
    expect(await auditedAbout(`session:${session.id}`)).toEqual([
      expect.objectContaining({
        action: 'cancel_session',
        actor: support.userId,
        reason: 'The mentor is unwell',
        after: { status: 'cancelled', refundCents: PRICE },
      }),
    ]);
    // The mentee's dashboard still reads the session.
    const view = await call(mentee, 'GET', `/api/sessions/${session.id}`);
    expect(sessionView.parse(await view.json())).toMatchObject({ status: 'cancelled', cancelledBy: 'support' });
    expect((await cancel(session.id, { reason: 'again', refund: 'full' })).status).toBe(409);
  });

  it('refunds nothing: the coach is paid their share at once', async () => {
    const { session, checkoutId } = await paidSession(4);
    expect((await cancel(session.id, { reason: 'The mentee asked too late', refund: 'none' })).status).toBe(200);
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, checkoutId)).toBe(0);
    expect(transfersOf(session.id).map((request) => request.params.amount)).toEqual([String(NET)]);
    expect(await heldInLedger(session.id)).toBe(0);
  });

  it('refunds a part: the mentee gets it back, the coach the share of the rest, the ledger agrees to the cent', async () => {
    const { session, checkoutId } = await paidSession(5);
    expect((await cancel(session.id, { reason: 'Too much', refund: { amountCents: PRICE + 1 } })).status).toBe(400);
    const refundCents = 4_001;
    expect(
      (await cancel(session.id, { reason: 'Half the time was used', refund: { amountCents: refundCents } })).status,
    ).toBe(200);
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    const share = NET - refundSplit({ grossCents: PRICE, platformFeeCents: FEE }, refundCents).coachCents;
    expect(transfersOf(session.id).map((request) => request.params.amount)).toEqual([String(share)]);
    expect((await entriesOf(session.id)).filter((entry) => entry.kind === 'refund')).toEqual([
      expect.objectContaining({ refundCents }),
    ]);
    expect(await heldInLedger(session.id)).toBe(0);
  });

  it('cancels once when two cancels race: one answers 200, the other 409, one refund', async () => {
    const { session, checkoutId } = await paidSession(6);
    const answers = await Promise.all([
      cancel(session.id, { reason: 'First', refund: 'full' }),
      cancel(session.id, { reason: 'Second', refund: 'full' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    expect(await auditedAbout(`session:${session.id}`)).toHaveLength(1);
  });

  it('refuses a refund of a session nobody paid for', async () => {
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const booked = await call(mentee, 'POST', '/api/sessions', {
      coachId: coach.userId,
      start: at(7, 9),
      durationMinutes: 30,
      freeConsultation: true,
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const { session } = (await booked.json()) as { session: { id: string } };
    await stack.jobsSettled();
    expect((await cancel(session.id, { reason: 'x', refund: { amountCents: 100 } })).status).toBe(400);
    expect((await cancel(session.id, { reason: 'Mentor away', refund: 'none' })).status).toBe(200);
  });
});

describe('GET /api/support/users/{id}', () => {
  it('shows the user, their sessions with outcome and money, and audits the read', async () => {
    const mentee = await namedMentee('Page', 'Reader');
    const paid = await bookAndPay(stack, { mentee, coach, start: at(8, 9) });
    expect((await cancel(paid.session.id, { reason: 'Split', refund: { amountCents: 2_000 } })).status).toBe(200);
    await stack.jobsSettled();

    const response = await call(support, 'GET', `/api/support/users/${mentee.userId}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const page = supportUserPage.parse(await response.json());
    expect(page.user).toMatchObject({
      userId: mentee.userId,
      name: 'Page Reader',
      state: 'active',
      email: mentee.email,
    });
    expect(page.sessions).toEqual([
      expect.objectContaining({
        id: paid.session.id,
        role: 'mentee',
        otherPartyName: 'Casey Coach',
        status: 'cancelled',
        money: {
          priceCents: PRICE,
          refundedCents: 2_000,
          transferredCents: NET - refundSplit({ grossCents: PRICE, platformFeeCents: FEE }, 2_000).coachCents,
        },
      }),
    ]);
    expect(page).toMatchObject({ plans: [], noShowsIn90Days: 0, reportsAgainst: [], verification: null });
    expect(await auditedAbout(`user:${mentee.userId}`)).toEqual([
      expect.objectContaining({ action: 'read_user', actor: support.userId }),
    ]);

    const coachPage = supportUserPage.parse(
      await (await call(support, 'GET', `/api/support/users/${coach.userId}`)).json(),
    );
    expect(coachPage.paymentAccount).toEqual({ status: 'complete', payoutsEnabled: true });
    expect(coachPage.sessions.find((session) => session.id === paid.session.id)?.role).toBe('coach');
  });

  it('answers 404 for an id never seen', async () => {
    expect((await call(support, 'GET', `/api/support/users/${randomUUID()}`)).status).toBe(404);
  });
});

describe('POST /api/support/users/{id}/delete', () => {
  it('is refused while the account holds money, then deletes it as the owner’s deletion does', async () => {
    const mentor = await publishedCoach(stack.config, { payments: true });
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const paid = await bookAndPay(stack, { mentee, coach: mentor, start: at(9, 9) });

    const refused = await call(support, 'POST', `/api/support/users/${mentor.userId}/delete`, {
      reason: 'Asked by e-mail',
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('MONEY_HELD');

    expect((await cancel(paid.session.id, { reason: 'Mentor leaves', refund: 'full' })).status).toBe(200);
    await stack.jobsSettled();
    const deleted = await call(support, 'POST', `/api/support/users/${mentor.userId}/delete`, {
      reason: 'Asked by e-mail',
    });
    expect(deleted.status, await deleted.clone().text()).toBe(204);

    const client = localCognitoClient(stack.config.userPoolEndpoint);
    try {
      expect(await cognitoAccounts(client, stack.config.userPoolId).accountOfUser(mentor.userId)).toBeNull();
    } finally {
      client.destroy();
    }
    expect(await auditedAbout(`user:${mentor.userId}`)).toEqual([
      expect.objectContaining({ action: 'delete_user', actor: support.userId, reason: 'Asked by e-mail' }),
    ]);
    const page = supportUserPage.parse(
      await (await call(support, 'GET', `/api/support/users/${mentor.userId}`)).json(),
    );
    expect(page.user.state).toBe('deleted');
    expect(page.sessions.map((session) => session.id)).toEqual([paid.session.id]);
    expect(
      (await call(support, 'POST', `/api/support/users/${mentor.userId}/delete`, { reason: 'again' })).status,
    ).toBe(404);
  });
});

describe('a user outside the support group', () => {
  it('gets 403 on every route of this part', async () => {
    const id = outsider.userId;
    const answers = await Promise.all([
      call(outsider, 'GET', '/api/support/users?q=abc'),
      call(outsider, 'GET', `/api/support/users/${id}`),
      call(outsider, 'POST', `/api/support/sessions/${randomUUID()}/cancel`, { reason: 'x', refund: 'none' }),
      call(outsider, 'POST', `/api/support/users/${id}/delete`, { reason: 'x' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
  });
});
