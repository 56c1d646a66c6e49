/**
 * How long CloudFront may answer a public read from its cache (lib/web.ts keys it by the query
 * string), and for how much longer it may serve the old answer while it fetches a new one.
 * Browsers keep nothing (`max-age=0`), so the SPA always reaches the edge; signed-in answers stay
 * `private, no-store` (functions/http/responses.ts).
 */
const EDGE_CACHE = {
  /** Profiles and ratings change rarely and nobody is harmed by a minute-old copy. */
  listing: { seconds: 60, staleSeconds: 60 },
  /** A slot someone else booked stays offered at most this long; booking it then answers 409 SLOT_TAKEN. */
  slots: { seconds: 15, staleSeconds: 15 },
} as const;

/** The longest a booked slot can still come from the edge: its cache time plus the stale time. */
export const SLOTS_EDGE_STALE_MS = (EDGE_CACHE.slots.seconds + EDGE_CACHE.slots.staleSeconds) * 1000;

export function edgeCached(kind: keyof typeof EDGE_CACHE): Record<string, string> {
  const { seconds, staleSeconds } = EDGE_CACHE[kind];
  return {
    'cache-control': `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${staleSeconds}`,
  };
}

/**
 * A booker's cache-busting `fresh=` on slots is the clock's step, not any value: a client that
 * varies it can reach the origin past the edge cache only as often as there are steps.
 */
const FRESH_STEP_MS = 5000;
/** Steps either side of the server's clock a key may be, for clients whose clocks drift. */
const FRESH_TOLERANCE_STEPS = 24;

export const freshKeyAt = (nowMs: number) => String(Math.floor(nowMs / FRESH_STEP_MS));

export const isCurrentFreshKey = (fresh: string, now: Date) =>
  /^\d{1,15}$/.test(fresh) && Math.abs(Number(fresh) - Number(freshKeyAt(now.getTime()))) <= FRESH_TOLERANCE_STEPS;
