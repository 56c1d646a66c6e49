/**
 * Adapters a host process puts in place of the cloud ones before it runs any handler: the local
 * stack (bin/local) injects its Zoom and Calendly stand-ins, its mailbox, its timers, its job runner and its
 * token key (its Stripe stand-in is reached over HTTP, as Stripe is).
 * Lambda injects nothing, so a deployed function only ever reaches the real services.
 * Each adapter adds its own slot to InjectedAdapters (`declare module './injected'`), so this module
 * imports none of them: they all import it.
 */
export interface InjectedAdapters {
  /** Tests only: told when the code reaches a named point, where a test may make the process die (throw). */
  faultPoints?: { reached(point: string): void };
}

// On globalThis, not in this module: every handler bundle carries its own copy of this module,
// and the local stack runs those bundles in its own process.
const REGISTRY = Symbol.for('physician-mentors.injected-adapters');
type Host = typeof globalThis & { [REGISTRY]?: InjectedAdapters };

export function injectedAdapters(): InjectedAdapters {
  return (globalThis as Host)[REGISTRY] ?? {};
}

/** Sets (or, with undefined, removes) the given adapters; the others stay as they are. */
export function injectAdapters(adapters: InjectedAdapters): void {
  const host = globalThis as Host;
  host[REGISTRY] = { ...host[REGISTRY], ...adapters };
}

const cloudAdapters: { [Name in keyof InjectedAdapters]?: InjectedAdapters[Name] } = {};

/**
 * The adapter the host injected under `name`, else the cloud one: made on first use and kept for
 * the life of the execution environment (one SDK client per process, not per request).
 */
export function injectedOrCloud<Name extends keyof InjectedAdapters>(
  name: Name,
  makeCloud: () => NonNullable<InjectedAdapters[Name]>,
): NonNullable<InjectedAdapters[Name]> {
  const injected = injectedAdapters()[name];
  if (injected) return injected;
  cloudAdapters[name] ??= makeCloud();
  return cloudAdapters[name] as NonNullable<InjectedAdapters[Name]>;
}
