import { requiredEnvironment } from '../../adapters/required-environment';
import { kmsTokenCipher } from '../../adapters/token-cipher';
import type { TokenCipher } from '../../domain/ports';
import { port } from '../composition-root';

/**
 * The stack's KMS key TOKEN_KEY_ID; only functions granted `tokens:*` may use it (lib/api.ts). At
 * AWS_ENDPOINT_URL_KMS when it is set (the SDK's own setting: the local stack and the tests point it at
 * the local KMS endpoint, bin/local/kms-endpoint.ts).
 */
export const tokenCipher = (): TokenCipher => {
  const { TOKEN_KEY_ID, AWS_ENDPOINT_URL_KMS } = process.env;
  return port(
    'tokenCipher',
    () => kmsTokenCipher(requiredEnvironment('TOKEN_KEY_ID')),
    // A test run starts an endpoint per stack, and the SDK reads the setting once per client.
    `${TOKEN_KEY_ID ?? ''} ${AWS_ENDPOINT_URL_KMS ?? ''}`,
  );
};
