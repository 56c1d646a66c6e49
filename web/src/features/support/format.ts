import { DateTime } from 'luxon';
import { formatMoney } from '@/lib/format-money';

/** Sessions are priced in US dollars. */
export const usd = (cents: number) => formatMoney(cents, 'usd');

/** A session's start as the console says it, in the viewer's zone: "Dec 3, 9:00 AM". */
export const sessionTime = (iso: string) => DateTime.fromISO(iso).toFormat('LLL d, h:mm a');

/** A moment with its year and zone, for the logs and queues: "Dec 3, 2026, 9:00 AM EST". */
export const momentTime = (iso: string) => DateTime.fromISO(iso).toFormat('LLL d, yyyy, h:mm a ZZZZ');

/** Whole dollars and cents as typed ("20", "20.5", "20.50") in cents; NaN for anything else. */
export function dollarsToCents(typed: string): number {
  const trimmed = typed.trim().replace(/^\$/, '');
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
}

/**
 * What is wrong with a refund typed in dollars, up to `maxCents` (below it when `partOnly`: a split
 * refunds part of the price), or undefined when it is fine.
 */
export function refundAmountProblem(typed: string, maxCents: number, partOnly = false): string | undefined {
  const cents = dollarsToCents(typed);
  if (Number.isNaN(cents)) return 'Enter an amount in dollars, like 20.00.';
  if (cents < 1) return 'Refund at least $0.01.';
  if (partOnly && cents >= maxCents) return `A split refunds less than the whole ${usd(maxCents)}.`;
  if (cents > maxCents) return `Refund at most ${usd(maxCents)}.`;
  return undefined;
}
