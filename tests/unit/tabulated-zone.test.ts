import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { tabulatedZone } from '../../functions/domain/tabulated-zone';

const HOUR_MS = 60 * 60_000;

/** Zones with spring and autumn changes both ways round the year, half-hour DST, none at all, and odd offsets. */
const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kolkata',
  'Asia/Kathmandu',
];

/**
 * 70,000 lookups of the IANA zone through Intl per zone: a fixed amount of work, a few seconds of
 * CPU on a shared two-core machine and more when it is busy. The bound is vitest's default raised so
 * that a busy machine cannot fail it; it does not measure speed (npm run bench does that).
 */
const EXHAUSTIVE_CHECK_TIMEOUT_MS = 60_000;

describe('a tabulated zone', () => {
  it.each(ZONES)(
    'has the offsets of the IANA zone %s at every quarter hour of two years',
    { timeout: EXHAUSTIVE_CHECK_TIMEOUT_MS },
    (name) => {
      const tabulated = tabulatedZone(name);
      const iana = IANAZone.create(name);
      const differing: string[] = [];
      for (let ts = Date.UTC(2026, 0, 1); ts < Date.UTC(2028, 0, 1); ts += HOUR_MS / 4) {
        if (tabulated.offset(ts) !== iana.offset(ts)) differing.push(new Date(ts).toISOString());
      }
      expect(differing).toEqual([]);
    },
  );

  it('changes offset at the very minute the zone does', () => {
    const newYork = tabulatedZone('America/New_York');
    // 2026-03-08 02:00 EST is 07:00Z; 2026-11-01 02:00 EDT is 06:00Z.
    expect(newYork.offset(Date.UTC(2026, 2, 8, 6, 59))).toBe(-300);
    expect(newYork.offset(Date.UTC(2026, 2, 8, 7, 0))).toBe(-240);
    expect(newYork.offset(Date.UTC(2026, 10, 1, 5, 59))).toBe(-240);
    expect(newYork.offset(Date.UTC(2026, 10, 1, 6, 0))).toBe(-300);
  });

  it('places wall-clock times as the IANA zone does, across both changes', () => {
    for (const iso of ['2026-03-08T02:30', '2026-03-08T03:30', '2026-11-01T01:30', '2026-11-01T02:30']) {
      expect(DateTime.fromISO(iso, { zone: tabulatedZone('America/New_York') }).toMillis()).toBe(
        DateTime.fromISO(iso, { zone: 'America/New_York' }).toMillis(),
      );
    }
  });

  it('is one zone per name, equal to the IANA zone of that name', () => {
    expect(tabulatedZone('Europe/London')).toBe(tabulatedZone('Europe/London'));
    expect(tabulatedZone('Europe/London').equals(IANAZone.create('Europe/London'))).toBe(true);
    expect(tabulatedZone('Europe/London').equals(IANAZone.create('Europe/Paris'))).toBe(false);
  });
});
