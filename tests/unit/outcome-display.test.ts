import { describe, expect, it } from 'vitest';
import { canReportOutcome, noShowReportOf, ownReportNote } from '../../functions/domain/outcome-display';

describe("the dashboard's outcome answers", () => {
  const session = (state: 'pending' | 'delivered' | 'disputed') => ({
    start: '2026-03-03T15:00:00Z',
    end: '2026-03-03T16:00:00Z',
    outcome: { state },
  });

  it('are offered from 10 minutes after the start to 48 hours after the end, while the outcome is pending', () => {
    expect(canReportOutcome(session('pending'), new Date('2026-03-03T15:09:59Z'))).toBe(false);
    expect(canReportOutcome(session('pending'), new Date('2026-03-03T15:10:00Z'))).toBe(true);
    expect(canReportOutcome(session('pending'), new Date('2026-03-05T16:00:00Z'))).toBe(true);
    expect(canReportOutcome(session('pending'), new Date('2026-03-05T16:00:01Z'))).toBe(false);
    expect(canReportOutcome(session('delivered'), new Date('2026-03-03T17:00:00Z'))).toBe(false);
    expect(canReportOutcome(session('disputed'), new Date('2026-03-03T17:00:00Z'))).toBe(false);
    expect(canReportOutcome({ ...session('pending'), outcome: undefined }, new Date('2026-03-03T17:00:00Z'))).toBe(
      false,
    );
  });

  it('report the other party absent, and say back what the viewer said', () => {
    expect(noShowReportOf('mentee')).toBe('mentor_no_show');
    expect(noShowReportOf('coach')).toBe('mentee_no_show');
    expect(ownReportNote('happened', 'coach')).toBe('You said the session happened.');
    expect(ownReportNote('mentor_no_show', 'mentee')).toBe('You said they did not show up.');
    expect(ownReportNote('mentor_no_show', 'coach')).toBe('You said you could not attend.');
  });
});
