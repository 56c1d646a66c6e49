import { describe, expect, it } from 'vitest';
import { refundSplit } from '../../functions/domain/fees';
import {
  decidedMoney,
  decideOutcome,
  noShowsUnpublish,
  type OutcomeReportEntry,
  outcomeAtWindowEnd,
  outcomeMoney,
  outcomeSettled,
  outcomeStateOf,
  outcomeWindowPassed,
  reportWindowOpen,
  splitRefundMismatch,
  withReport,
} from '../../functions/domain/session-outcome';

const session = { start: '2026-12-01T10:00:00Z', end: '2026-12-01T11:00:00Z' };
const at = (iso: string) => new Date(iso);
const nobodyJoined = { coachJoined: false, menteeJoined: false };
const bothJoined = { coachJoined: true, menteeJoined: true };
const report = (by: 'coach' | 'mentee', said: OutcomeReportEntry['report']): OutcomeReportEntry => ({
  by,
  report: said,
  at: '2026-12-01T11:05:00Z',
});

describe('the report window', () => {
  it('opens exactly 10 minutes after the start, not a second before', () => {
    expect(reportWindowOpen(session, at('2026-12-01T10:09:59Z'))).toBe(false);
    expect(reportWindowOpen(session, at('2026-12-01T10:10:00Z'))).toBe(true);
  });

  it('closes exactly 48 hours after the end; a second later the session is past its window', () => {
    expect(reportWindowOpen(session, at('2026-12-03T11:00:00Z'))).toBe(true);
    expect(outcomeWindowPassed(session, at('2026-12-03T11:00:00Z'))).toBe(false);
    expect(reportWindowOpen(session, at('2026-12-03T11:00:01Z'))).toBe(false);
    expect(outcomeWindowPassed(session, at('2026-12-03T11:00:01Z'))).toBe(true);
  });
});

describe('decideOutcome', () => {
  it('is delivered at once when both say it happened, whoever joined', () => {
    expect(decideOutcome([report('coach', 'happened'), report('mentee', 'happened')], nobodyJoined)).toBe('delivered');
  });

  it('waits for the window when only one says it happened, and nobody reporting is delivered at its end', () => {
    expect(decideOutcome([report('mentee', 'happened')], bothJoined)).toBe('pending');
    expect(decideOutcome([], bothJoined)).toBe('pending');
    expect(outcomeAtWindowEnd('pending')).toBe('delivered');
    expect(outcomeAtWindowEnd('disputed')).toBe('disputed');
  });

  it('reads as delivered once the window passed with nothing decided, before the deadline’s job writes it', () => {
    expect(outcomeStateOf(session, at('2026-12-03T11:00:00Z'))).toBe('pending');
    expect(outcomeStateOf(session, at('2026-12-03T11:00:01Z'))).toBe('delivered');
    expect(outcomeStateOf({ ...session, outcome: 'disputed' }, at('2026-12-09T00:00:00Z'))).toBe('disputed');
  });

  it("is the mentor's no-show at once when the mentee says so and the mentor has no join record", () => {
    expect(decideOutcome([report('mentee', 'mentor_no_show')], { coachJoined: false, menteeJoined: true })).toBe(
      'mentor_no_show',
    );
  });

  it('is disputed when the mentee reports a no-show of a mentor who joined', () => {
    expect(decideOutcome([report('mentee', 'mentor_no_show')], { coachJoined: true, menteeJoined: true })).toBe(
      'disputed',
    );
  });

  it("is the mentee's no-show when the mentor says so, unless the mentee joined", () => {
    expect(decideOutcome([report('coach', 'mentee_no_show')], { coachJoined: true, menteeJoined: false })).toBe(
      'mentee_no_show',
    );
    expect(decideOutcome([report('coach', 'mentee_no_show')], bothJoined)).toBe('disputed');
  });

  it('takes a party admitting its own no-show, even with a join record', () => {
    expect(decideOutcome([report('coach', 'mentor_no_show')], bothJoined)).toBe('mentor_no_show');
  });

  it('is disputed when the reports contradict each other', () => {
    expect(decideOutcome([report('coach', 'happened'), report('mentee', 'mentor_no_show')], nobodyJoined)).toBe(
      'disputed',
    );
    expect(decideOutcome([report('coach', 'mentee_no_show'), report('mentee', 'mentor_no_show')], nobodyJoined)).toBe(
      'disputed',
    );
  });

  it("keeps each party's latest report only", () => {
    const reports = withReport([report('mentee', 'mentor_no_show')], report('mentee', 'happened'));
    expect(reports.map((entry) => entry.report)).toEqual(['happened']);
  });
});

describe('outcomeMoney', () => {
  const paid = { priceCents: 12_000, platformFeeCents: 1_200 };

  it('pays the net for a delivered session, a mentee no-show and support paying the coach', () => {
    expect(outcomeMoney({ ...paid, outcome: 'delivered' })).toEqual({ refundCents: 0, transferCents: 10_800 });
    expect(outcomeMoney({ ...paid, outcome: 'mentee_no_show' })).toEqual({ refundCents: 0, transferCents: 10_800 });
    const resolution = { resolution: 'pay_coach' as const };
    expect(outcomeMoney({ ...paid, outcome: 'disputed', resolution })).toEqual({
      refundCents: 0,
      transferCents: 10_800,
    });
  });

  it("refunds the whole price and pays nothing for a mentor's no-show or support refunding", () => {
    expect(outcomeMoney({ ...paid, outcome: 'mentor_no_show' })).toEqual({ refundCents: 12_000, transferCents: null });
    const resolution = { resolution: 'refund_mentee' as const };
    expect(outcomeMoney({ ...paid, outcome: 'disputed', resolution })).toEqual({
      refundCents: 12_000,
      transferCents: null,
    });
  });

  it('holds everything while pending or disputed', () => {
    expect(outcomeMoney(paid)).toEqual({ refundCents: 0, transferCents: null });
    expect(outcomeMoney({ ...paid, outcome: 'disputed' })).toEqual({ refundCents: 0, transferCents: null });
    expect(outcomeSettled({ outcome: 'disputed' })).toBe(false);
  });

  it("splits as the ledger books a partial refund: the coach gets the rest's net, to the cent (fee share rounded half up)", () => {
    const price = { priceCents: 9_999, platformFeeCents: 1_000 };
    const resolution = { resolution: 'split' as const, refundCents: 3_333 };
    const { refundCents, transferCents } = outcomeMoney({ ...price, outcome: 'disputed', resolution });
    const feeBack = refundSplit({ grossCents: 9_999, platformFeeCents: 1_000 }, 3_333).platformFeeCents;
    expect(feeBack).toBe(333);
    expect(refundCents).toBe(3_333);
    // What the ledger holds for the coach after the refund's entry is what is transferred.
    expect(transferCents).toBe(9_999 - 1_000 - (3_333 - feeBack));
  });

  it('refuses a split of nothing, of everything, or of an unpaid session', () => {
    expect(splitRefundMismatch(12_000, 0)).not.toBeNull();
    expect(splitRefundMismatch(12_000, 12_000)).not.toBeNull();
    expect(splitRefundMismatch(12_000, undefined)).not.toBeNull();
    expect(splitRefundMismatch(0, 1)).not.toBeNull();
    expect(splitRefundMismatch(12_000, 1)).toBeNull();
    expect(splitRefundMismatch(12_000, 11_999)).toBeNull();
  });
});

describe('noShowsUnpublish', () => {
  const now = at('2026-12-01T00:00:00Z');

  it('unpublishes at two mentor no-shows within 90 days', () => {
    expect(noShowsUnpublish(['2026-11-30T00:00:00Z'], now)).toBe(false);
    expect(noShowsUnpublish(['2026-09-03T00:00:00Z', '2026-11-30T00:00:00Z'], now)).toBe(true);
  });

  it('does not count one exactly 90 days old', () => {
    expect(noShowsUnpublish(['2026-09-02T00:00:00Z', '2026-11-30T00:00:00Z'], now)).toBe(false);
  });
});

describe('the money a support cancellation decides', () => {
  const paid = { priceCents: 12_000, platformFeeCents: 1_800, status: 'cancelled' as const };
  const cancelled = (refundCents: number) => ({ ...paid, supportCancellation: { refundCents } });

  it('refunds in full and pays nobody, refunds nothing and pays the coach their share, or splits as the ledger does', () => {
    expect(decidedMoney(cancelled(12_000))).toEqual({ refundCents: 12_000, transferCents: null });
    expect(decidedMoney(cancelled(0))).toEqual({ refundCents: 0, transferCents: 10_200 });
    const coachPart = refundSplit({ grossCents: 12_000, platformFeeCents: 1_800 }, 4_001).coachCents;
    expect(decidedMoney(cancelled(4_001))).toEqual({ refundCents: 4_001, transferCents: 10_200 - coachPart });
  });

  it('decides nothing for a party’s cancellation, nor for a completed session whose outcome is pending', () => {
    expect(decidedMoney(paid)).toBeNull();
    expect(decidedMoney({ ...paid, status: 'completed' })).toBeNull();
    expect(decidedMoney({ ...paid, status: 'completed', outcome: 'delivered' })).toEqual({
      refundCents: 0,
      transferCents: 10_200,
    });
  });
});
