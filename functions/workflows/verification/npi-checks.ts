import {
  getNpiRecord,
  markRemovalMailed,
  recordRejected,
  recordUnreachable,
  recordVerified,
  restartCheck,
  startCheck,
} from '../../data/npi-verifications';
import { getProfile } from '../../data/profiles';
import {
  badgeRemovedEmail,
  type CheckOutcome,
  evaluateRegistryAnswer,
  type NpiRecord,
  nextRetryAt,
} from '../../domain/npi';
import { log } from '../../runtime/log';
import { siteOrigin } from '../../runtime/site';
import type { Mailer, NpiRegistry, JobScheduler } from '../../domain/ports';
import { jobs } from '../../runtime/ports/jobs';
import { mailer } from '../../runtime/ports/mailer';
import { npiRegistry } from '../../runtime/ports/npi-registry';
import { scheduler } from '../../runtime/ports/scheduler';

export interface NpiCheckDependencies {
  registry: NpiRegistry;
  scheduler: JobScheduler;
  mailer: Mailer;
  siteOrigin: string;
}

/**
 * The `checkNpi` job's id: the mentor, and which retry it is, so each retry is a schedule of its
 * own (a schedule that has just run may not be deleted yet, and the same name again is a no-op).
 */
export const npiCheckJobId = (userId: string, retry: number) => `${userId}.${retry}`;
export const userIdOfNpiCheckJob = (jobId: string) => jobId.split('.')[0] as string;

/**
 * This process's registry, scheduler and mailer (runtime/composition-root.ts); the mailer is made
 * only when a mail is sent (only the jobs may send).
 */
export const npiCheckPorts = (): NpiCheckDependencies => ({
  registry: npiRegistry(),
  scheduler: scheduler(),
  mailer: { send: (mail) => mailer().send(mail) },
  siteOrigin: siteOrigin(),
});

/**
 * Asks the registry about the mentor's NPI and records what it says, for the check last asked for:
 * a first check (pending) or the monthly re-check (verified). A registry that cannot be reached
 * leaves a pending check pending and tries again later (domain/npi.ts nextRetryAt); a re-check keeps
 * the badge and fails, so the job is retried and finally dead-lettered. A re-check that takes the
 * badge away e-mails the mentor once.
 */
export async function runNpiCheck(userId: string, deps: NpiCheckDependencies, now: Date): Promise<NpiRecord | null> {
  const [record, profile] = await Promise.all([getNpiRecord(userId), getProfile(userId)]);
  if (!record || !profile || record.status === 'rejected') return record;
  const lookup = await deps.registry.lookup(record.npi);
  const outcome: CheckOutcome =
    lookup.state === 'unavailable' ? lookup : evaluateRegistryAnswer(lookup.answer, profile.lastName, record.npi);
  if (outcome.state === 'unavailable') {
    if (record.status === 'verified') {
      throw new Error(`The NPI re-check of ${userId} could not reach the registry: ${outcome.detail}`);
    }
    if (!(await recordUnreachable(record, now))) return getNpiRecord(userId);
    const retryAt = nextRetryAt(record.retries, now);
    log('warn', 'NPI registry unreachable', { userId, detail: outcome.detail, retryAt: retryAt?.toISOString() });
    if (retryAt) await deps.scheduler.schedule('checkNpi', npiCheckJobId(userId, record.retries + 1), retryAt);
    return { ...record, retries: record.retries + 1 };
  }
  if (outcome.state === 'verified') await recordVerified(record, profile.lastName, outcome.snapshot, now);
  else await recordRejected(record, outcome.reason, outcome.snapshot, now);
  const latest = await getNpiRecord(userId);
  if (latest?.badgeRemovedAt && !latest.removalMailedAt && latest.reason) {
    await deps.mailer.send(badgeRemovedEmail(profile, latest.reason, deps.siteOrigin));
    await markRemovalMailed(latest, now);
  }
  return latest;
}

/** A mentor who gave an NPI changed their name: checked again, soon, under the new one. */
export async function checkAgainUnderNewName(userId: string, now: Date): Promise<void> {
  if (await restartCheck(userId, now)) await jobs().start('checkNpi', userId);
}

/** An NPI given at registration: checked soon, outside the sign-up's own time. */
export async function checkNewNpi(userId: string, npi: string, now: Date): Promise<void> {
  await startCheck(userId, npi, now);
  await jobs().start('checkNpi', userId);
}
