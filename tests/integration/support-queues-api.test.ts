import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../bin/local/request-log';
import { JOB_FUNCTION_RETRY_ATTEMPTS } from '../../functions/adapters/job-delivery';
import { queryAll } from '../../functions/data/dynamo';
import { keys } from '../../functions/data/keys';
import { getSession, recordJoin } from '../../functions/data/sessions';
import { SUPPORT_GROUP } from '../../functions/domain/support-group';
import { provideHostPorts } from '../../functions/runtime/composition-root';
import { jobs } from '../../functions/runtime/ports/jobs';
import { type DeadLetterList, deadLetterList, disputeList } from '../../functions/schemas/support';
import { signedInStaff } from '../support/authenticator';
import { movedToStart, storedBooking } from '../support/bookings';
import { at, publishedCoach } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

/**
 * Issue 40, the console's two queues: the jobs that ran out of retries (seen, re-driven once,
 * audited) and the disputed sessions waiting on support (oldest first, with both reports and who joined).
 */

let stack: TestStack;
let coach: SignedInUser;
let mentee: SignedInUser;
let support: SignedInUser;

beforeAll(async () => {
  stack = await startTestStack();
  [coach, mentee] = await Promise.all([
    publishedCoach(stack.config, { payments: false }),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
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

const lettersAbout = async (sessionId: string): Promise<DeadLetterList['deadLetters']> => {
  const listed = await call(support, 'GET', '/api/support/dead-letters');
  expect(listed.status).toBe(200);
  return deadLetterList
    .parse(await listed.json())
    .deadLetters.filter((letter) => letter.subject === `session:${sessionId}`);
};

const redrive = (id: string) =>
  call(support, 'POST', `/api/support/dead-letters/${id}/redrive`, { reason: 'SES is sending again' });

/** Lambda's Invoke of the job, as the local Lambda logged it. */
const invocationsOf = async (job: string) =>
  ((await (await fetch(`${stack.apiUrl}/_local/logs?provider=lambda`)).json()).requests as LoggedRequest[]).filter(
    (request) => request.action === 'Invoke' && request.path.includes(`function%3A${job}`) && request.status === 202,
  );

/** Starts the day-before reminder and lets it fail every try: the first run now, then Lambda's retries a minute apart. */
async function reminderFailingEveryTry(sessionId: string) {
  await jobs().start('remindDayBefore', sessionId);
  await stack.jobsSettled();
  for (let retry = 0; retry < JOB_FUNCTION_RETRY_ATTEMPTS; retry++) await stack.advanceClock(1);
  await stack.jobsSettled();
}

describe('a job that failed every retry', () => {
  it('is listed for support, re-driven once by two at once, removed, audited; a failing re-run is a new letter', {
    timeout: 90_000,
  }, async () => {
    const session = await storedBooking({ coachId: coach.userId, menteeId: mentee.userId }, at(5, 9));
    await stack.jobsSettled();
    const restoreMailer = provideHostPorts({
      mailer: { send: async () => Promise.reject(new Error('Maximum sending rate exceeded.')) },
    });
    try {
      await reminderFailingEveryTry(session.id);
      const [letter] = await lettersAbout(session.id);
      expect(await lettersAbout(session.id)).toEqual([
        {
          id: expect.any(String),
          kind: 'remindDayBefore',
          subject: `session:${session.id}`,
          lastError: 'Maximum sending rate exceeded.',
          tries: 1 + JOB_FUNCTION_RETRY_ATTEMPTS,
          at: expect.any(String),
        },
      ]);
      expect((await call(mentee, 'GET', '/api/support/dead-letters')).status).toBe(403);
      expect(
        (await call(mentee, 'POST', `/api/support/dead-letters/${letter?.id}/redrive`, { reason: 'x' })).status,
      ).toBe(403);
      expect((await call(support, 'POST', `/api/support/dead-letters/${letter?.id}/redrive`, {})).status).toBe(400);

      // Re-driven while the mail service still refuses: the re-run fails its tries too, and is a letter of its own.
      expect((await redrive(letter?.id as string)).status).toBe(202);
      await stack.jobsSettled();
      for (let retry = 0; retry < JOB_FUNCTION_RETRY_ATTEMPTS; retry++) await stack.advanceClock(1);
      await stack.jobsSettled();
      const again = await lettersAbout(session.id);
      expect(again).toHaveLength(1);
      expect(again[0]?.id).not.toBe(letter?.id);
    } finally {
      restoreMailer();
    }

    const [letter] = await lettersAbout(session.id);
    const invokedBefore = (await invocationsOf('remindDayBefore')).length;
    const answers = await Promise.all([redrive(letter?.id as string), redrive(letter?.id as string)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 404]);
    await stack.jobsSettled();

    expect((await invocationsOf('remindDayBefore')).length).toBe(invokedBefore + 1);
    expect((await getSession(session.id))?.['followUp:remindDayBefore:mentee']?.doneAt).toEqual(expect.any(String));
    expect(await lettersAbout(session.id)).toEqual([]);
    expect((await redrive(letter?.id as string)).status).toBe(404);
    const now = new Date().toISOString();
    const audited = await queryAll({
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'subject = :subject',
      ExpressionAttributeValues: { ':pk': keys.audit(now, '').pk, ':subject': `dead-letter:${letter?.id}` },
    });
    expect(audited).toEqual([
      expect.objectContaining({
        action: 'redrive_dead_letter',
        actor: support.userId,
        reason: 'SES is sending again',
        before: expect.objectContaining({ kind: 'remindDayBefore', subject: `session:${session.id}` }),
      }),
    ]);
  });
});

describe('the dispute queue', () => {
  const report = (user: SignedInUser, sessionId: string, said: string, note: string) =>
    call(user, 'POST', `/api/sessions/${sessionId}/outcome`, { report: said, note });

  /** A session on now, its coach joined, then reported both ways: disputed. */
  async function disputed(days: number) {
    const session = await storedBooking({ coachId: coach.userId, menteeId: mentee.userId }, at(days, 9));
    await movedToStart(session.id, -15);
    await recordJoin(session.id, 'coach', new Date(Date.now() - 14 * 60_000));
    expect((await report(coach, session.id, 'happened', 'We covered the residency plan')).status).toBe(200);
    expect((await report(mentee, session.id, 'mentor_no_show', 'Nobody was in the room')).status).toBe(200);
    expect((await getSession(session.id))?.outcome).toBe('disputed');
    return session;
  }

  const queue = async () => {
    const listed = await call(support, 'GET', '/api/support/disputes');
    expect(listed.status).toBe(200);
    return disputeList.parse(await listed.json()).disputes;
  };

  it('lists disputed sessions oldest first with both reports and the joins, until each is resolved', {
    timeout: 60_000,
  }, async () => {
    const first = await disputed(10);
    await stack.advanceClock(1);
    const second = await disputed(11);

    expect((await call(mentee, 'GET', '/api/support/disputes')).status).toBe(403);
    const listed = await queue();
    expect(listed.map((dispute) => dispute.session.id)).toEqual([first.id, second.id]);
    const stored = await getSession(first.id);
    expect(listed[0]).toEqual({
      session: expect.objectContaining({
        id: first.id,
        coachId: coach.userId,
        menteeId: mentee.userId,
        coachName: 'Casey Coach',
        menteeName: expect.any(String),
        outcome: 'disputed',
        resolution: null,
        money: { priceCents: first.priceCents, refundedCents: 0, transferredCents: 0 },
      }),
      reports: [
        { by: 'coach', report: 'happened', note: 'We covered the residency plan', at: expect.any(String) },
        { by: 'mentee', report: 'mentor_no_show', note: 'Nobody was in the room', at: expect.any(String) },
      ],
      joins: { coachJoinedAt: stored?.coachJoinedAt, menteeJoinedAt: null },
      disputedAt: stored?.outcomeAt,
    });
    expect(Date.parse(listed[0]?.disputedAt as string)).toBeLessThan(Date.parse(listed[1]?.disputedAt as string));

    const resolved = await call(support, 'POST', `/api/support/sessions/${first.id}/resolve`, {
      resolution: 'refund_mentee',
      note: 'The coach joined a minute and left',
    });
    expect(resolved.status).toBe(200);
    expect((await queue()).map((dispute) => dispute.session.id)).toEqual([second.id]);
  });
});
