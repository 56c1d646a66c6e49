import type { RegistryAnswer } from '../domain/npi';
import { boundedFetch, DependencyUnavailableError } from '../runtime/dependency-budget';
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
