import type { RegistryAnswer } from '../domain/npi';
import { boundedFetch, DependencyUnavailableError, OUTBOUND_REQUEST_TIMEOUT_MS } from '../runtime/dependency-budget';
import { requiredEnvironment } from './required-environment';
import type { NpiRegistry } from '../domain/ports';

/** `GET {baseUrl}/api/?version=2.1&number=…` with plain fetch. */
export function httpNpiRegistry(baseUrl: string, timeoutMs: number): NpiRegistry {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    async lookup(npi) {
      const url = `${root}/api/?${new URLSearchParams({ version: '2.1', number: npi })}`;
      try {
        const response = await boundedFetch(
          'NPI Registry',
          url,
          { headers: { accept: 'application/json' } },
          timeoutMs,
        );
        if (!response.ok) return { state: 'unavailable', detail: `The registry answered HTTP ${response.status}` };
        return { state: 'answered', answer: (await response.json()) as RegistryAnswer };
      } catch (error) {
        if (error instanceof DependencyUnavailableError || error instanceof SyntaxError)
          return { state: 'unavailable', detail: error.message };
        throw error;
      }
    },
  };
}

/**
 * The registry of this deployment: `NPI_REGISTRY_URL` (lib/stack.ts, context `npiRegistryUrl`),
 * within `NPI_REGISTRY_TIMEOUT_MS` (3 s unless a test makes it shorter).
 */
export function npiRegistryFromEnvironment(): NpiRegistry {
  const timeoutMs = Number(process.env.NPI_REGISTRY_TIMEOUT_MS) || OUTBOUND_REQUEST_TIMEOUT_MS;
  return httpNpiRegistry(requiredEnvironment('NPI_REGISTRY_URL'), timeoutMs);
}
