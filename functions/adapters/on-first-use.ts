/**
 * Memoizes an asynchronous load, typically `() => import('some-sdk')`: nothing is loaded until the
 * first call, every later call shares that one result, and a load that failed is tried again on
 * the next call. An SDK that only some paths of a function use is then parsed and evaluated on the
 * first request that needs it, not in every cold start's module init: esbuild puts the
 * dynamically imported module into a chunk of its own (lib/bundling.ts, splitting), read only then.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
