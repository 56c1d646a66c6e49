import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '../../functions/domain/session-status';
import { DomainError } from '../../functions/domain/errors';
import { planReschedule, rescheduleRefusal } from '../../functions/domain/rescheduling';
import { rescheduleSessionInput } from '../../functions/schemas/session-actions';

const START = '2026-12-10T15:00:00Z';
const HOUR_MS = 60 * 60_000;
const MINUTE_MS = 60_000;
const before = (ms: number) => new Date(Date.parse(START) - ms);

const session = (overrides: { status?: SessionStatus; rescheduleCount?: number } = {}) => ({
  status: 'confirmed' as SessionStatus,
  start: START,
  durationMinutes: 30,
  isFreeConsultation: false,
  bookingMethod: 'slot' as const,
  ...overrides,
});

/** Every day from December 1 to 31, 08:00 to 18:00 UTC. */
const availability = [
  { start: '2026-12-01T08:00:00Z', end: '2026-12-01T18:00:00Z', recurring: true, timezone: 'UTC' },
  { start: '2026-12-02T08:00:00Z', end: '2026-12-02T18:00:00Z', recurring: true, timezone: 'UTC' },
  { start: '2026-12-03T08:00:00Z', end: '2026-12-03T18:00:00Z', recurring: true, timezone: 'UTC' },
  { start: '2026-12-04T08:00:00Z', end: '2026-12-04T18:00:00Z', recurring: true, timezone: 'UTC' },
  { start: '2026-12-05T08:00:00Z', end: '2026-12-05T18:00:00Z', recurring: true, timezone: 'UTC' },
  { start: '2026-12-06T08:00:00Z', end: '2026-12-06T18:00:00Z', recurring: true, timezone: 'UTC' },
  { start: '2026-12-07T08:00:00Z', end: '2026-12-07T18:00:00Z', recurring: true, timezone: 'UTC' },
];

const codeOf = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
};

describe('who may move a session, and until when', () => {
  it('lets the mentee move it until exactly 24 hours before the start, not a minute later', () => {
    expect(rescheduleRefusal(session(), 'mentee', before(24 * HOUR_MS))).toBeNull();
    expect(rescheduleRefusal(session(), 'mentee', before(24 * HOUR_MS - MINUTE_MS))?.code).toBe(
      'TOO_LATE_TO_RESCHEDULE',
    );
  });

  it('lets the coach move it until the start', () => {
    expect(rescheduleRefusal(session(), 'coach', before(MINUTE_MS))).toBeNull();
    expect(rescheduleRefusal(session(), 'coach', before(0))?.code).toBe('NOT_RESCHEDULABLE');
  });

  it('allows two moves, not a third', () => {
    expect(rescheduleRefusal(session({ rescheduleCount: 1 }), 'coach', before(HOUR_MS))).toBeNull();
    expect(rescheduleRefusal(session({ rescheduleCount: 2 }), 'coach', before(HOUR_MS))?.code).toBe('RESCHEDULE_LIMIT');
    expect(rescheduleRefusal(session({ rescheduleCount: 2 }), 'mentee', before(48 * HOUR_MS))?.code).toBe(
      'RESCHEDULE_LIMIT',
    );
  });

  it('moves only held sessions that have not started', () => {
    expect(rescheduleRefusal(session({ status: 'scheduled' }), 'mentee', before(48 * HOUR_MS))).toBeNull();
    for (const status of ['cancelled', 'completed', 'pending_payment'] as const) {
      expect(rescheduleRefusal(session({ status }), 'coach', before(48 * HOUR_MS))?.code).toBe('NOT_RESCHEDULABLE');
    }
    expect(rescheduleRefusal(session(), 'coach', new Date(Date.parse(START) + MINUTE_MS))?.code).toBe(
      'NOT_RESCHEDULABLE',
    );
    expect(
      rescheduleRefusal({ ...session(), bookingMethod: 'external_calendar' }, 'coach', before(48 * HOUR_MS))?.code,
    ).toBe('NOT_RESCHEDULABLE');
  });
});

describe('where a session may move', () => {
  const now = new Date('2026-12-01T00:00:00Z');
  const plan = (start: string, at = now) =>
    planReschedule({ session: session(), by: 'mentee', start: new Date(start), availability, now: at });

  it('keeps its length on another start of the coach availability', () => {
    expect(plan('2026-12-12T09:30:00Z')).toEqual({
      start: new Date('2026-12-12T09:30:00Z'),
      end: new Date('2026-12-12T10:00:00Z'),
    });
  });

  it('refuses a time outside the availability, the same time, the past and beyond 30 days', () => {
    expect(codeOf(() => plan('2026-12-12T19:00:00Z'))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => plan(START))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => plan('2026-11-30T09:00:00Z'))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => plan('2027-01-01T09:00:00Z'))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => plan('2026-12-30T09:00:00Z'))).toBeNull();
  });

  it('checks the policy before the new time', () => {
    expect(codeOf(() => plan('2026-12-12T19:00:00Z', before(HOUR_MS)))).toBe('TOO_LATE_TO_RESCHEDULE');
  });
});

describe('the reschedule request', () => {
  it('needs a start instant and a reason of 1 to 500 characters once trimmed', () => {
    expect(rescheduleSessionInput.parse({ start: START, reason: '  Clinic ran late ' }).reason).toBe('Clinic ran late');
    expect(rescheduleSessionInput.safeParse({ start: START, reason: '   ' }).success).toBe(false);
    expect(rescheduleSessionInput.safeParse({ start: START, reason: 'x'.repeat(500) }).success).toBe(true);
    expect(rescheduleSessionInput.safeParse({ start: START, reason: 'x'.repeat(501) }).success).toBe(false);
    expect(rescheduleSessionInput.safeParse({ start: 'tomorrow', reason: 'Clinic' }).success).toBe(false);
  });
});
