import { IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { SETTINGS_TIME_ZONES } from '../../functions/domain/fixed-lists';
import { isTimeZone } from '../../functions/domain/time-zone';

describe('isTimeZone', () => {
  it('accepts the IANA zones, as luxon does', () => {
    for (const zone of [...SETTINGS_TIME_ZONES, 'UTC', 'Europe/Berlin', 'Asia/Kathmandu']) {
      expect(isTimeZone(zone), zone).toBe(true);
      expect(IANAZone.isValidZone(zone), zone).toBe(true);
    }
  });

  it('refuses what is no zone, as luxon does, and again when asked twice', () => {
    for (const zone of ['', 'Mars/Olympus_Mons', 'America/New York', '+25:00', 'not a zone']) {
      expect(isTimeZone(zone), zone).toBe(false);
      expect(isTimeZone(zone), zone).toBe(false);
      expect(IANAZone.isValidZone(zone), zone).toBe(false);
    }
  });
});
