import { IANAZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A year's offsets in one zone: the year's first offset, then each change and the offset from then on. */
type OffsetTable = readonly { from: number; offset: number }[];

/**
 * Every offset change of a UTC year, found by asking the zone once a day and, where a day's offset
 * differs from the day before, narrowing the change down to its minute. It assumes no zone changes
 * its offset twice within one day, which no zone in the tz database does.
 */
function offsetTable(zone: IANAZone, year: number): OffsetTable {
  const yearStart = Date.UTC(year, 0, 1);
  const yearEnd = Date.UTC(year + 1, 0, 1);
  const table = [{ from: yearStart, offset: zone.offset(yearStart) }];
  for (let day = yearStart; day < yearEnd; day += DAY_MS) {
    const before = table[table.length - 1]?.offset;
    const nextDay = Math.min(day + DAY_MS, yearEnd);
    const after = zone.offset(nextDay);
    if (after === before) continue;
    let unchanged = day;
    let changed = nextDay;
    while (changed - unchanged > MINUTE_MS) {
      const middle = unchanged + Math.floor((changed - unchanged) / 2 / MINUTE_MS) * MINUTE_MS;
      if (zone.offset(middle) === before) unchanged = middle;
      else changed = middle;
    }
    table.push({ from: changed, offset: after });
  }
  return table;
}

/**
 * An IANA zone that works out each year's offsets once and then reads them from a table. luxon asks
 * a DateTime's zone for the offset at every step (start of day, set a time, add days), and an IANA
 * zone asks Intl each time: in slot generation that was most of the work.
 */
class TabulatedZone extends Zone {
  readonly #zone: IANAZone;
  readonly #years = new Map<number, OffsetTable>();

  constructor(zone: IANAZone) {
    super();
    this.#zone = zone;
  }

  override get type() {
    return this.#zone.type;
  }

  override get name() {
    return this.#zone.name;
  }

  override get isUniversal() {
    return false;
  }

  override get isValid() {
    return this.#zone.isValid;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions) {
    return this.#zone.offsetName(ts, options);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat) {
    return this.#zone.formatOffset(ts, format);
  }

  override equals(other: Zone) {
    return other.type === this.type && other.name === this.name;
  }

  override offset(ts: number) {
    if (!Number.isFinite(ts)) return this.#zone.offset(ts);
    const year = new Date(ts).getUTCFullYear();
    let table = this.#years.get(year);
    if (!table) {
      table = offsetTable(this.#zone, year);
      this.#years.set(year, table);
    }
    let offset = table[0]?.offset ?? this.#zone.offset(ts);
    for (const change of table) {
      if (change.from > ts) break;
      offset = change.offset;
    }
    return offset;
  }
}

const zones = new Map<string, TabulatedZone>();

/** The zone of that IANA name with its offsets tabulated (see TabulatedZone); one per name. */
export function tabulatedZone(name: string): Zone {
  let zone = zones.get(name);
  if (!zone) {
    zone = new TabulatedZone(IANAZone.create(name));
    zones.set(name, zone);
  }
  return zone;
}
