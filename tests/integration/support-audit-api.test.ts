import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EXPORT_AT, nextDailyRun } from '../../bin/local/daily-schedules';
import { lambdaHandler } from '../../bin/local/lambda-modules';
import { auditArchiveKey } from '../../functions/adapters/audit-archive';
import { s3BucketFromEnvironment } from '../../functions/adapters/s3-bucket';
import { recordAudit } from '../../functions/data/audit';
import { type AuditEntry, type AuditFacts, auditEntry } from '../../functions/domain/audit';
import { FINANCE_GROUP } from '../../functions/domain/finance-group';
import { SUPPORT_GROUP } from '../../functions/domain/support-group';
import type { AuditPage } from '../../functions/schemas/support';
import { AUDIT_PAGE_SIZE } from '../../functions/workflows/support/audit-log';
import { signedInStaff } from '../support/authenticator';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUser } from '../support/users';

/**
 * The audit log as staff read it (`GET /api/support/audit`): support and finance, each with
 * two-step verification; newest first, filtered, paged with a cursor that only continues its own
 * listing; and its daily copy in the finance archive, one JSON-lines object per UTC day.
 */

let stack: TestStack;
let support: SignedInUser;
let finance: SignedInUser;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

beforeAll(async () => {
  stack = await startTestStack();
  support = await signedInStaff(stack.config, SUPPORT_GROUP);
  finance = await signedInStaff(stack.config, FINANCE_GROUP);
});

afterAll(async () => {
  await stack?.dispose();
});

const readAudit = (user: SignedInUser, query: Record<string, string> = {}) =>
  fetch(`${stack.apiUrl}/api/support/audit?${new URLSearchParams(query)}`, { headers: user.auth });

async function auditPage(user: SignedInUser, query: Record<string, string> = {}): Promise<AuditPage> {
  const answer = await readAudit(user, query);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as AuditPage;
}

/** Writes an entry of the log as the actions do (data/audit.ts), at `at`. */
async function recorded(at: Date, facts: Partial<AuditFacts> = {}): Promise<AuditEntry> {
  const entry = auditEntry(
    {
      actor: support.userId,
      action: 'read_user',
      subject: `user:${randomUUID()}`,
      reason: 'Looking into a complaint',
      ...facts,
    },
    at,
  );
  await recordAudit(entry);
  return entry;
}

const day = (instant: Date) => instant.toISOString().slice(0, 10);
const ago = (ms: number) => new Date(stack.clock.now().getTime() - ms);

describe('who reads the audit log', () => {
  it('answers support and finance members with two-step verification on', async () => {
    expect((await readAudit(support)).status).toBe(200);
    expect((await readAudit(finance)).status).toBe(200);
  });

  it('refuses a signed-in user outside both groups, and a member without two-step verification', async () => {
    const outsider = await signedInUser(stack.config);
    const refused = await readAudit(outsider);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    const financeWithoutMfa = await signedInUser(stack.config, undefined, [FINANCE_GROUP]);
    const withoutMfa = await readAudit(financeWithoutMfa);
    expect(withoutMfa.status).toBe(403);
    expect(((await withoutMfa.json()) as { error: { code: string } }).error.code).toBe('MFA_REQUIRED');
  });
});

describe('the entries shown', () => {
  it("are the last 30 days' by default, newest first, each with its actor's e-mail (null once the actor is gone)", async () => {
    const subject = `user:${randomUUID()}` as const;
    const goneActor = randomUUID();
    const latest = await recorded(ago(HOUR_MS), {
      subject,
      before: { state: 'active' },
      after: { state: 'suspended' },
    });
    const earlier = await recorded(ago(2 * DAY_MS), { subject, actor: goneActor });
    const oldestShown = await recorded(new Date(`${day(ago(29 * DAY_MS))}T00:00:00.000Z`), { subject });
    await recorded(ago(31 * DAY_MS), { subject });

    const { entries, cursor } = await auditPage(support, { subject });
    expect(entries.map((entry) => entry.id)).toEqual([latest.id, earlier.id, oldestShown.id]);
    expect(entries[0]).toEqual({
      id: latest.id,
      at: latest.at,
      actor: support.userId,
      actorEmail: support.email,
      action: 'read_user',
      subject,
      reason: 'Looking into a complaint',
      before: { state: 'active' },
      after: { state: 'suspended' },
    });
    expect(entries[1]?.actorEmail).toBeNull();
    expect(cursor).toBeNull();
  });

  it('are those of one actor, of one subject, or both, when asked', async () => {
    const [one, other] = [`session:${randomUUID()}`, `session:${randomUUID()}`] as const;
    const otherActor = randomUUID();
    const a = await recorded(ago(3 * HOUR_MS), { subject: one, action: 'resolve_session' });
    const b = await recorded(ago(2 * HOUR_MS), { subject: one, actor: otherActor, action: 'cancel_session' });
    const c = await recorded(ago(HOUR_MS), { subject: other, actor: otherActor, action: 'cancel_session' });

    const ids = async (query: Record<string, string>) =>
      (await auditPage(finance, query)).entries.map((entry) => entry.id);
    expect(await ids({ subject: one })).toEqual([b.id, a.id]);
    expect(await ids({ actor: otherActor })).toEqual([c.id, b.id]);
    expect(await ids({ actor: otherActor, subject: one })).toEqual([b.id]);
  });

  it('are those of the days asked, both included', async () => {
    const subject = `report:${randomUUID()}` as const;
    const first = await recorded(new Date('2026-03-01T00:00:00.000Z'), { subject });
    const last = await recorded(new Date('2026-03-02T23:59:59.999Z'), { subject });
    await recorded(new Date('2026-02-28T23:59:59.999Z'), { subject });
    await recorded(new Date('2026-03-03T00:00:00.000Z'), { subject });
    const { entries } = await auditPage(support, { subject, from: '2026-03-01', to: '2026-03-02' });
    expect(entries.map((entry) => entry.id)).toEqual([last.id, first.id]);
  });

  it('refuses a range that ends before it starts', async () => {
    const answer = await readAudit(support, { from: '2026-03-02', to: '2026-03-01' });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });
});

describe('the pages', () => {
  const subject = `dead-letter:${randomUUID()}` as const;
  const range = { from: '2026-01-20', to: '2026-03-10' };
  let written: AuditEntry[];

  beforeAll(async () => {
    // Across three month partitions, more than two pages.
    const start = Date.parse('2026-01-20T06:00:00.000Z');
    written = [];
    for (let n = 0; n < 2 * AUDIT_PAGE_SIZE + 20; n++)
      written.push(await recorded(new Date(start + n * 10 * HOUR_MS), { subject, action: 'redrive_dead_letter' }));
  });

  it('follow one another through the cursor to the last, newest first, each entry once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AuditPage = await auditPage(support, { ...range, subject, ...(cursor ? { cursor } : {}) });
      expect(page.entries.length).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(written.map((entry) => entry.id).reverse());
  });

  it('refuse a cursor of another listing, a forged one and one that is not a cursor', async () => {
    const { cursor } = await auditPage(support, { ...range, subject });
    expect(cursor).toEqual(expect.any(String));
    const position = JSON.parse(Buffer.from(cursor as string, 'base64url').toString('utf8')) as Record<string, string>;
    const forged = (changes: Record<string, string>) =>
      Buffer.from(JSON.stringify({ ...position, ...changes })).toString('base64url');
    const refusals = [
      { ...range, subject: `dead-letter:${randomUUID()}`, cursor: cursor as string },
      { ...range, subject, from: '2026-01-21', cursor: cursor as string },
      { ...range, subject, cursor: forged({ after: `2025-12-31T23:00:00.000Z#${randomUUID()}` }) },
      { ...range, subject, cursor: forged({ after: 'AUDIT#2026-02' }) },
      { ...range, subject, cursor: 'not-a-cursor' },
    ];
    for (const query of refusals) {
      const answer = await readAudit(support, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('INVALID_CURSOR');
    }
  });
});

describe('the daily export to the finance archive', () => {
  it('copies the day before at 00:30 UTC as one JSON-lines object, and a re-run writes the same object', async () => {
    const runAt = nextDailyRun(stack.clock.now(), AUDIT_EXPORT_AT);
    const exported = day(new Date(runAt.getTime() - DAY_MS));
    const subject = `user:${randomUUID()}` as const;
    const ofTheDay = [
      await recorded(new Date(`${exported}T00:00:00.000Z`), { subject }),
      await recorded(new Date(`${exported}T12:00:00.000Z`), { subject, before: { a: 1 }, after: { a: 2 } }),
      await recorded(new Date(`${exported}T23:59:59.999Z`), { subject }),
    ];
    const dayBefore = await recorded(new Date(Date.parse(`${exported}T00:00:00.000Z`) - 1), { subject });
    const dayAfter = await recorded(new Date(Date.parse(`${exported}T00:00:00.000Z`) + DAY_MS), { subject });

    await stack.advanceClock(Math.ceil((runAt.getTime() - stack.clock.now().getTime()) / 60_000) + 1);
    const archive = s3BucketFromEnvironment('AUDIT_ARCHIVE_BUCKET');
    const object = await archive.get(auditArchiveKey(exported));
    if (!object || object === 'unchanged') throw new Error(`no export of ${exported}`);
    const text = new TextDecoder().decode(object.body);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditEntry);
    // Every entry of the day, oldest first (this file's other tests wrote some too), none of the days beside it.
    expect(lines.every((entry) => day(new Date(entry.at)) === exported)).toBe(true);
    expect(lines.map((entry) => entry.at)).toEqual(lines.map((entry) => entry.at).sort());
    expect(lines.filter((entry) => entry.subject === subject)).toEqual(ofTheDay);
    expect(lines.map((entry) => entry.id)).not.toContain(dayBefore.id);
    expect(lines.map((entry) => entry.id)).not.toContain(dayAfter.id);
    const listed = await auditPage(support, { from: exported, to: exported });
    expect(lines.map((entry) => entry.id)).toEqual(listed.entries.map((entry) => entry.id).reverse());

    await (await lambdaHandler('exportAuditDay'))({ day: exported });
    const again = await archive.get(auditArchiveKey(exported));
    if (!again || again === 'unchanged') throw new Error(`no export of ${exported} after the re-run`);
    expect(new TextDecoder().decode(again.body)).toBe(text);
  });
});
