/** Zones already asked about: building an Intl formatter for each check is slow, and a user's zones repeat. */
const knownZones = new Map<string, boolean>();

/**
 * Whether `zone` is an IANA time zone this runtime knows, as luxon's `IANAZone.isValidZone` decides
 * it (an Intl formatter accepts it). Here without luxon, so the schemas that check a zone do not
 * bring luxon's 70 KiB into functions that never compute a time.
 */
export function isTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone }).format();
      known = zone !== '';
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
}
