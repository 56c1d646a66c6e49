/** Shared by the bench scripts, which print figures and assert nothing: these machines are shared and noisy. */

// As in the tests (vitest.config.ts), the functions the bench runs write no log lines and no EMF metrics,
// whichever bench script starts them (each imports this module before anything else): a line per request
// would measure the terminal and bury the figures. Set before any handler module makes its logger.
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

export const row = (name: string, value: string) => console.log(`${name.padEnd(46)} ${value}`);

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const ms = (value: number) => value.toFixed(1);

export const latencyRow = (name: string, latencies: number[]) =>
  row(
    name,
    `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} / ${ms(percentile(latencies, 99))} ms`,
  );

/** In a URL given to `load`, replaced by the request's number, so no two requests ask the same. */
export const REQUEST_NUMBER = '{n}';

/** `connections` clients each sending one request after another for `seconds`; every latency kept. */
export async function load(url: string, connections = 50, seconds = 10) {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  let sent = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(url.replaceAll(REQUEST_NUMBER, String(sent++))).catch(() => null);
      if (response) await response.arrayBuffer();
      if (!response?.ok) failures++;
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  latencies.sort((a, b) => a - b);
  return { latencies, failures, perSecond: latencies.length / seconds };
}
