/**
 * Test hooks a host process puts in place before it runs any handler (the ports it stands in for go
 * to the composition root, functions/runtime/composition-root.ts). Lambda injects nothing.
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
