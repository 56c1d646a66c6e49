/**
 * Zones found valid: building an Intl formatter for each check is slow, and a user's zones repeat.
 * Only valid ones, so the set stays within the tz database however many made-up names requests send.
 */
const validZones = new Set<string>();

/**
 * Whether `zone` is an IANA time zone this runtime knows, as luxon's `IANAZone.isValidZone` decides
 * it (an Intl formatter accepts it). Here without luxon, so the schemas that check a zone do not
 * bring luxon's 70 KiB into functions that never compute a time.
 */
export function isTimeZone(zone: string): boolean {
  if (validZones.has(zone)) return true;
  if (zone === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format();
  } catch {
    return false;
  }
  validZones.add(zone);
  return true;
}
