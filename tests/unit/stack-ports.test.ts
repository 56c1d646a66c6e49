import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { stackPorts } from '../../bin/local/ports';

async function ephemeralRangeStart(): Promise<number> {
  return Number((await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')).trim().split(/\s+/)[0]);
}

function listenOn(port: number): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('stack ports', () => {
  it('come from below the ephemeral range that outgoing connections draw from, never twice', async () => {
    const first = await stackPorts(['a', 'b', 'c']);
    const second = await stackPorts(['d', 'e']);
    const all = [...Object.values(first), ...Object.values(second)];
    expect(new Set(all).size).toBe(5);
    const rangeStart = await ephemeralRangeStart();
    for (const port of all) expect(port).toBeLessThan(rangeStart);
  });

  it('skip a port something already listens on', async () => {
    const { probe } = await stackPorts(['probe']);
    const taken = await listenOn(probe + 1);
    try {
      const { next } = await stackPorts(['next']);
      expect(next).toBe(probe + 2);
    } finally {
      taken.close();
    }
  });
});
