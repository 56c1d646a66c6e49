// On globalThis: the stand-in and the `/_local/stripe/clock` route may be loaded as separate module copies.
const CLOCK = Symbol.for('physician-mentors.stripe-clock');
type Host = typeof globalThis & { [CLOCK]?: number };

/** The stand-in's clock, in milliseconds: real time plus what `POST /_local/stripe/clock` moved it on. */
export const standInNow = () => Date.now() + ((globalThis as Host)[CLOCK] ?? 0);

export function advanceStandInClock(milliseconds: number): void {
  const host = globalThis as Host;
  host[CLOCK] = (host[CLOCK] ?? 0) + milliseconds;
}
