import { ORIGIN_HEADER, RELOAD_AFTER_MS } from '../../adapters/origin-secret';
import {
  type RotationStep,
  rotationAction,
  sendsOriginHeader,
  waitBeforeSending,
  withOriginHeader,
} from '../../domain/origin-secret-rotation';
import type { DistributionConfigStore, RotatingSecret } from '../../domain/ports';

export interface RotationPorts {
  secret: RotatingSecret;
  distribution: DistributionConfigStore;
  /** A new secret value: 48 hex characters, like the value Secrets Manager generated first (lib/api.ts). */
  newValue(): string;
  now(): Date;
  wait(ms: number): Promise<void>;
}

/** One step of a rotation of the origin secret (domain/origin-secret-rotation.ts), `token` being the version it makes. */
export async function rotateOriginSecret(step: RotationStep, token: string, ports: RotationPorts): Promise<void> {
  const action = rotationAction(step, token, await ports.secret.versions());
  const pendingValue = async () => {
    const pending = await ports.secret.pending(token);
    if (!pending) throw new Error(`Version ${token} of the origin secret has no value: createSecret did not run.`);
    return pending;
  };
  switch (action.kind) {
    case 'nothing':
      return;
    case 'create-pending':
      if (!(await ports.secret.pending(token))) await ports.secret.putPending(token, ports.newValue());
      return;
    case 'send-pending': {
      const { value, createdAt } = await pendingValue();
      await ports.wait(waitBeforeSending(createdAt, RELOAD_AFTER_MS, ports.now()));
      const { config, etag } = await ports.distribution.read();
      const next = withOriginHeader(config, ORIGIN_HEADER, value);
      if (next.changed) await ports.distribution.write(next.config, etag);
      return;
    }
    case 'check-sent': {
      const { value } = await pendingValue();
      const { config } = await ports.distribution.read();
      if (!sendsOriginHeader(config, ORIGIN_HEADER, value)) {
        throw new Error(`The distribution does not send version ${token} of the origin secret.`);
      }
      return;
    }
    case 'promote':
      await ports.secret.promote(token, action.fromVersion);
      return;
  }
}
