import { readFile } from 'node:fs/promises';
import net from 'node:net';

export class PortInUseError extends Error {}

/** Fails with a message that names the service and the way out, instead of EADDRINUSE. */
export function assertPortFree(port: number, service: string, envName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(
        new PortInUseError(
          `Port ${port} (${service}) is already in use. Stop whatever is using it ` +
            `(lsof -i :${port}) or choose another port: ${envName}=<port> npm start`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/**
 * Ports for a stack a test or script starts. Port 0 would do for a single server, but a stack's
 * ports are chosen before its servers start (DynamoDB Local, a Java process, takes seconds), and
 * a port the OS hands out for listening comes from the ephemeral range, which every outgoing
 * connection on the machine draws from too: in that gap one of them can take it (EADDRINUSE).
 * So these come from below the ephemeral range, from a block of their own per test worker, where
 * nothing but this process allocates; a port something already listens on is skipped.
 */
export async function stackPorts<Name extends string>(names: readonly Name[]): Promise<Record<Name, number>> {
  const count = names.length;
  const ports: number[] = [];
  const first = await blockStart();
  for (let port = first; ports.length < count && port < first + PORTS_PER_WORKER; port++) {
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    ports.push(port);
  }
  if (ports.length < count)
    throw new PortInUseError(`No ${count} free ports left in ${first}–${first + PORTS_PER_WORKER - 1}`);
  return Object.fromEntries(names.map((name, index) => [name, ports[index]])) as Record<Name, number>;
}

const PORTS_PER_WORKER = 100;
const WORKER_BLOCKS = 80;
const handedOut = new Set<number>();

/**
 * The workers of one test run (one parent process) get consecutive blocks; another run on the same
 * machine, or a script, starts elsewhere, so two runs side by side rarely share a block.
 */
async function blockStart(): Promise<number> {
  const block = (process.ppid + Number(process.env.VITEST_POOL_ID ?? 0)) % WORKER_BLOCKS;
  return (await ephemeralRangeStart()) - PORTS_PER_WORKER * (WORKER_BLOCKS - block);
}

/** Linux says where its range starts; 32768 is its default and lies below macOS's (49152). */
async function ephemeralRangeStart(): Promise<number> {
  const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '32768');
  return Number(range.trim().split(/\s+/)[0]);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
