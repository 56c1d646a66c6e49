import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '../../functions/domain/session-status';
import {
  assertCancellable,
  cancelledByOf,
  FREE_CONSULTATION_RETURN_NOTICE_MS,
  freeConsultationReturns,
} from '../../functions/domain/cancellation';
import { DomainError } from '../../functions/domain/errors';
import { cancelSessionInput } from '../../functions/schemas/session-actions';

const START = '2026-12-01T15:00:00Z';
const session = (status: SessionStatus = 'confirmed') => ({
  coachId: 'coach',
  menteeId: 'mentee',
  status,
  start: START,
});
const codeOf = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
};

describe('cancellation reason', () => {
  it('is required once trimmed, with the spec message', () => {
    expect(JSON.stringify(cancelSessionInput.safeParse({}).error?.issues)).toContain(
      'Please provide a reason for cancelling this session.',
    );
    const parsed = cancelSessionInput.safeParse({ reason: ' \n ' });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('Please provide a reason for cancelling this session.');
  });

  it('is trimmed and limited to 500 characters', () => {
    expect(cancelSessionInput.parse({ reason: '  Sick  ' }).reason).toBe('Sick');
    expect(cancelSessionInput.parse({ reason: 'x'.repeat(500) }).reason).toHaveLength(500);
    expect(cancelSessionInput.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('who may cancel what, and when', () => {
  it('names the cancelling party from the caller', () => {
    expect(cancelledByOf(session(), 'coach')).toBe('coach');
    expect(cancelledByOf(session(), 'mentee')).toBe('mentee');
  });

  it('lets either party cancel a confirmed or scheduled session up to the start', () => {
    const justBefore = new Date(Date.parse(START) - 1000);
    for (const status of ['confirmed', 'scheduled'] as const) {
      expect(codeOf(() => assertCancellable(session(status), 'mentee', justBefore))).toBeNull();
      expect(codeOf(() => assertCancellable(session(status), 'coach', justBefore))).toBeNull();
    }
  });

  it('never blocks a mentee for lead time: the window is 0 hours (spec section 9)', () => {
    expect(codeOf(() => assertCancellable(session(), 'mentee', new Date(Date.parse(START) - 1)))).toBeNull();
  });

  it('refuses from the start on (live or over), each with its own code', () => {
    expect(codeOf(() => assertCancellable(session(), 'coach', new Date(START)))).toBe('SESSION_STARTED');
    expect(codeOf(() => assertCancellable(session(), 'mentee', new Date('2026-12-02T00:00:00Z')))).toBe(
      'SESSION_STARTED',
    );
  });

  it('refuses cancelled, completed and pending_payment sessions', () => {
    const early = new Date('2026-11-01T00:00:00Z');
    expect(() => assertCancellable(session('cancelled'), 'mentee', early)).toThrow('already cancelled');
    expect(codeOf(() => assertCancellable(session('completed'), 'mentee', early))).toBe('SESSION_OVER');
    expect(codeOf(() => assertCancellable(session('pending_payment'), 'mentee', early))).toBe('AWAITING_PAYMENT');
  });
});

describe('a cancelled free consultation', () => {
  const session = { start: '2026-06-02T15:00:00Z' };
  const before = (ms: number) => new Date(Date.parse(session.start) - ms);

  it('comes back to a mentee who cancels more than 24 hours ahead, not at 24 hours exactly', () => {
    expect(freeConsultationReturns(session, 'mentee', before(FREE_CONSULTATION_RETURN_NOTICE_MS + 1))).toBe(true);
    expect(freeConsultationReturns(session, 'mentee', before(FREE_CONSULTATION_RETURN_NOTICE_MS))).toBe(false);
    expect(freeConsultationReturns(session, 'mentee', before(60_000))).toBe(false);
  });

  it('always comes back when the mentor or the system cancels', () => {
    expect(freeConsultationReturns(session, 'coach', before(60_000))).toBe(true);
    expect(freeConsultationReturns(session, 'system', before(60_000))).toBe(true);
  });
});
