import { describe, expect, it } from 'vitest';
import { MEETING_RETRY_DELAYS_MINUTES, nextMeetingTry, zoomReconnectEmail } from '../../functions/domain/meetings';

const NOW = new Date('2026-12-01T10:00:00Z');
const FAR_AHEAD = '2026-12-09T10:00:00Z';
const minutesAfter = (date: Date | null) => (date ? (date.getTime() - NOW.getTime()) / 60_000 : null);

describe("the retries of a session's meeting", () => {
  it('wait longer after each try Zoom could not answer, and stop after the last', () => {
    const delays = MEETING_RETRY_DELAYS_MINUTES.map((_, index) =>
      minutesAfter(nextMeetingTry(index + 1, NOW, FAR_AHEAD)),
    );
    expect(delays).toEqual([2, 5, 10, 30, 60]);
    expect(nextMeetingTry(MEETING_RETRY_DELAYS_MINUTES.length + 1, NOW, FAR_AHEAD)).toBeNull();
  });

  it('make no try at or after the start: the mentor brings the link then', () => {
    expect(nextMeetingTry(1, NOW, '2026-12-01T10:02:00Z')).toBeNull();
    expect(minutesAfter(nextMeetingTry(1, NOW, '2026-12-01T10:02:01Z'))).toBe(2);
  });
});

describe('the e-mail that asks a mentor to reconnect Zoom', () => {
  const mail = zoomReconnectEmail(
    { email: 'c@example.test', firstName: 'Casey', lastName: 'Coach', timezone: 'America/Chicago' },
    { email: 'm@example.test', firstName: 'Morgan', lastName: 'Mentee' },
    { start: '2026-12-03T15:00:00Z' },
    'https://site.example',
  );

  it('names the session left without a link, in the mentor’s zone, and where to reconnect', () => {
    expect(mail.to).toBe('c@example.test');
    expect(mail.subject).toBe('Reconnect Zoom');
    expect(mail.text).toContain('your session with Morgan Mentee on Thursday, December 3, 2026 at 9:00 AM CST');
    expect(mail.text).toContain('send your mentee one before the session');
    expect(mail.text).toContain('Reconnect Zoom in Settings');
    expect(mail.text).toContain('https://site.example/settings?tab=coaching');
  });
});
