import { httpNpiRegistry } from '../../adapters/npi-registry';
import { requiredEnvironment } from '../../adapters/required-environment';
import type { NpiRegistry } from '../../domain/ports';
import { port } from '../composition-root';
import { OUTBOUND_REQUEST_TIMEOUT_MS } from '../dependency-budget';

/**
 * The registry at NPI_REGISTRY_URL (lib/stack.ts, context `npiRegistryUrl`), within
 * NPI_REGISTRY_TIMEOUT_MS (3 s unless a test makes it shorter).
 */
export const npiRegistry = (): NpiRegistry => {
  const { NPI_REGISTRY_URL, NPI_REGISTRY_TIMEOUT_MS } = process.env;
  return port(
    'npiRegistry',
    () =>
      httpNpiRegistry(
        requiredEnvironment('NPI_REGISTRY_URL'),
        Number(NPI_REGISTRY_TIMEOUT_MS) || OUTBOUND_REQUEST_TIMEOUT_MS,
      ),
    `${NPI_REGISTRY_URL ?? ''} ${NPI_REGISTRY_TIMEOUT_MS ?? ''}`,
  );
};
