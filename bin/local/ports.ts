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

/** A port the OS says is free right now; for tests that start their own stack. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
