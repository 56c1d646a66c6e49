import { requiredEnvironment } from '../../adapters/required-environment';
import { kmsTokenCipher } from '../../adapters/token-cipher';
import type { TokenCipher } from '../../domain/ports';
import { port } from '../composition-root';

/** The stack's KMS key TOKEN_KEY_ID; only functions granted `tokens:*` may use it (lib/api.ts). */
export const tokenCipher = (): TokenCipher =>
  port('tokenCipher', () => kmsTokenCipher(requiredEnvironment('TOKEN_KEY_ID')));
