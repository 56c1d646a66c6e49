/** A busy time as epoch milliseconds, half-open: [start, end). */
export type BusyRange = readonly [start: number, end: number];

/**
 * Sorted, non-overlapping ranges covering exactly the busy times given: ranges that overlap or
 * touch become one, inverted ones are dropped. A zero-length one stays: it still takes a slot it
 * falls strictly inside. So one lookup answers for any mix of
 * sessions and calendar events, however many.
 */
export function mergeBusy(
  intervals: Iterable<{ start: string | Date | number; end: string | Date | number }>,
): BusyRange[] {
  const ranges: [number, number][] = [];
  for (const { start, end } of intervals) {
    const from = typeof start === 'number' ? start : new Date(start).getTime();
    const to = typeof end === 'number' ? end : new Date(end).getTime();
    if (to >= from) ranges.push([from, to]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** Whether [start, end) overlaps one of `merged` (from {@link mergeBusy}); touching is not overlapping. */
export function overlapsBusy(merged: readonly BusyRange[], start: number, end: number): boolean {
  // The first range ending after `start`; it overlaps when it begins before `end`.
  let low = 0;
  let high = merged.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((merged[middle] as BusyRange)[1] <= start) low = middle + 1;
    else high = middle;
  }
  const candidate = merged[low];
  return candidate !== undefined && candidate[0] < end;
}
