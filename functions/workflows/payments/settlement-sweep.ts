import { getSession } from '../../data/sessions';
import { closeSettlement, openSettlementsEndedBefore } from '../../data/settlements';
import { owedTransfers } from '../../data/transfers';
import type { SessionItem } from '../../domain/session-item';
import {
  owedTooLong,
  STUCK_REASONS,
  SWEEP_AFTER_END_MS,
  type SweepStep,
  sweepStepOf,
} from '../../domain/settlement-sweep';
import { log } from '../../runtime/log';
import { completeSession, settleSessionOutcome } from '../booking/session-outcomes';
import { payCoachForSession, type TransferResult } from './coach-transfer';
import { expireUnpaidSession } from './payment-settlement';

/** One thing whose money the sweep could not settle: finance and operators read it in the log. */
export interface StuckSettlement {
  kind: 'session' | 'owed_transfer';
  /** The session's id, or the owed transfer's (a session's, or a plan payout's `payout.<invoice>`). */
  id: string;
  coachId: string;
  menteeId?: string;
  amountCents: number;
  reason: string;
}

export interface SettlementSweep {
  /** Sessions past their end the sweep looked at. */
  looked: number;
  /** Of those, the ones it moved on itself (expired, completed, the coach paid, or handed to the owed list). */
  settled: number;
  /** Completed, their outcome pending and its window still open: looked at again tomorrow. */
  waiting: number;
  /** Their outcome disputed, waiting on support's resolution: looked at again tomorrow, not stuck. */
  withSupport: number;
  stuck: StuckSettlement[];
}

/** What one of the sweep's steps left: the session read again, settled for good, or stuck. */
type StepEnd = 'again' | 'close' | { stuck: string };

type ActionStep = Exclude<SweepStep['step'], 'close' | 'wait' | 'support' | 'stuck'>;

/**
 * What a try to pay the coach answered, for the sweep: paid, or handed on to the owed list or a
 * charge's dispute; nothing to transfer (the outcome changed meanwhile, to disputed say) is read again.
 */
const AFTER_PAYING: Record<TransferResult, StepEnd> = {
  transferred: 'again',
  // The owed list now carries it: retried daily, and counted here once it is a week old.
  owed: 'close',
  blocked_by_dispute: 'close',
  nothing_to_transfer: 'again',
};

async function take(step: ActionStep, sessionId: string, now: Date): Promise<StepEnd> {
  switch (step) {
    case 'expire_payment':
      await expireUnpaidSession(sessionId, now);
      return 'again';
    case 'complete':
      await completeSession(sessionId, now);
      return 'again';
    case 'settle_outcome':
      // The deadline's job did not run: delivered now, and its coach paid, through the outcome's own path.
      await settleSessionOutcome(sessionId, now);
      return 'again';
    case 'pay_coach':
      return AFTER_PAYING[await payCoachForSession(sessionId, now)];
  }
}

/** What failed, when a step threw (the error follows). */
const FAILED_STEPS: Record<ActionStep, string> = {
  expire_payment: 'Expiring its unpaid checkout failed',
  complete: 'Completing it and paying its coach failed',
  settle_outcome: 'Delivering it and paying its coach failed',
  pay_coach: 'Paying its coach failed',
};

type Swept = 'closed' | 'waiting' | 'with_support' | 'settled' | { stuck: string };

/**
 * One session past its end: each step the sweep can take is taken at most once (expire, complete,
 * pay the coach), the session read again after each; it leaves the index once its money is settled.
 * A step that throws ends it: the session is stuck with the error, unless the step settled it anyway.
 */
async function sweepSession(sessionId: string, now: Date): Promise<{ session: SessionItem | null; swept: Swept }> {
  const taken = new Set<ActionStep>();
  let failure = '';
  let session = await getSession(sessionId);
  while (session) {
    const next = sweepStepOf(session, now);
    if (next.step === 'close') {
      await closeSettlement(sessionId);
      return { session, swept: taken.size > 0 ? 'settled' : 'closed' };
    }
    if (failure) return { session, swept: { stuck: failure } };
    if (next.step === 'wait') return { session, swept: taken.size > 0 ? 'settled' : 'waiting' };
    if (next.step === 'support') return { session, swept: 'with_support' };
    const reason = next.step === 'stuck' ? next.reason : STUCK_REASONS[next.step];
    if (next.step === 'stuck' || taken.has(next.step)) return { session, swept: { stuck: reason } };
    taken.add(next.step);
    let end: StepEnd;
    try {
      end = await take(next.step, sessionId, now);
    } catch (error) {
      failure = `${FAILED_STEPS[next.step]}: ${error instanceof Error ? error.message : String(error)}`;
      end = 'again';
    }
    if (end === 'close') {
      await closeSettlement(sessionId);
      return { session, swept: 'settled' };
    }
    if (end !== 'again') return { session, swept: { stuck: `${reason} (${end.stuck})` } };
    session = await getSession(sessionId);
  }
  return { session, swept: 'closed' };
}

/**
 * The daily settlement sweep: every session whose end passed (from the sparse settlement index,
 * never a scan) is moved on where it can be (a pending payment expired, a held session completed,
 * a pending outcome delivered once its window closed, the coach paid when the outcome says so) and
 * leaves the index once its money is settled; a disputed outcome waits on support, looked at daily.
 * What cannot be settled, and every transfer owed for over a week, is logged with its reason and
 * answered, for the job to count (SettlementsStuck, alarmed).
 */
export async function sweepSettlements(now: Date): Promise<SettlementSweep> {
  const sweep: SettlementSweep = { looked: 0, settled: 0, waiting: 0, withSupport: 0, stuck: [] };
  for (const sessionId of await openSettlementsEndedBefore(new Date(now.getTime() - SWEEP_AFTER_END_MS))) {
    sweep.looked += 1;
    const { session, swept } = await sweepSession(sessionId, now);
    if (swept === 'settled') sweep.settled += 1;
    else if (swept === 'waiting') sweep.waiting += 1;
    else if (swept === 'with_support') {
      sweep.withSupport += 1;
      log('info', 'settlement waiting on support', { sessionId, coachId: session?.coachId });
    } else if (swept !== 'closed' && session) {
      sweep.stuck.push({
        kind: 'session',
        id: sessionId,
        coachId: session.coachId,
        menteeId: session.menteeId,
        amountCents: session.priceCents,
        reason: swept.stuck,
      });
    }
  }
  for (const owed of await owedTransfers()) {
    if (!owedTooLong(owed, now)) continue;
    sweep.stuck.push({
      kind: 'owed_transfer',
      id: owed.sessionId,
      coachId: owed.coachId,
      amountCents: owed.amountCents,
      reason: `Owed since ${owed.since}, last tried ${owed.lastTriedAt}: ${owed.reason}`,
    });
  }
  for (const stuck of sweep.stuck) log('warn', 'settlement stuck', { ...stuck });
  return sweep;
}
