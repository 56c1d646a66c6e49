import { describe, expect, it } from 'vitest';
import { heldPastItsEnd, type SessionStatus } from '../../functions/domain/session-status';

describe('heldPastItsEnd', () => {
  const end = '2026-03-03T16:00:00Z';
  const session = (status: SessionStatus) => ({ status, end });

  it('is due once a held session has ended, not while it runs', () => {
    expect(heldPastItsEnd(session('confirmed'), new Date('2026-03-03T15:59:59.999Z'))).toBe(false);
    expect(heldPastItsEnd(session('confirmed'), new Date('2026-03-03T16:00:01Z'))).toBe(true);
    // In the end's own second: the job Scheduler starts at the end may run then.
    expect(heldPastItsEnd(session('confirmed'), new Date('2026-03-03T16:00:00.500Z'))).toBe(true);
    expect(heldPastItsEnd(session('scheduled'), new Date('2026-03-03T16:00:01Z'))).toBe(true);
  });

  it('is never due for a pending payment, a cancelled or an already completed session', () => {
    const later = new Date('2026-03-04T00:00:00Z');
    expect(heldPastItsEnd(session('pending_payment'), later)).toBe(false);
    expect(heldPastItsEnd(session('cancelled'), later)).toBe(false);
    expect(heldPastItsEnd(session('completed'), later)).toBe(false);
  });
});
