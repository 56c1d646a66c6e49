import { randomBytes } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import type { SecretsManagerRotationEvent } from 'aws-lambda';
import { cloudFrontDistribution } from '../adapters/distribution-config';
import { requiredEnvironment } from '../adapters/required-environment';
import { rotatingSecret } from '../adapters/rotating-secret';
import { rotateOriginSecret } from '../workflows/operations/rotate-origin-secret';

/** The rotation function Secrets Manager calls (lib/origin-secret-rotation.ts), for the one secret and distribution it may touch. */
export const handler = (event: SecretsManagerRotationEvent): Promise<void> =>
  rotateOriginSecret(event.Step, event.ClientRequestToken, {
    secret: rotatingSecret(event.SecretId),
    distribution: cloudFrontDistribution(requiredEnvironment('DISTRIBUTION_ID')),
    newValue: () => randomBytes(24).toString('hex'),
    now: () => new Date(),
    wait: (ms) => wait(ms),
  });
