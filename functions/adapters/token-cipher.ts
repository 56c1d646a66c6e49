import { awsClientSettings } from '../runtime/dependency-budget';
import { onFirstUse } from './on-first-use';
import { timed } from '../runtime/dependency-latency';
import type { TokenCipher } from '../domain/ports';

/** The stack's KMS key (`TOKEN_KEY_ID`); only functions granted `tokens:*` may use it (lib/api.ts). */
export function kmsTokenCipher(keyId: string): TokenCipher {
  const kms = onFirstUse(async () => {
    const { KMSClient, EncryptCommand, DecryptCommand } = await import('@aws-sdk/client-kms');
    return { client: timed(new KMSClient(awsClientSettings())), EncryptCommand, DecryptCommand };
  });
  return {
    async encrypt(plaintext, context) {
      const { client, EncryptCommand } = await kms();
      const { CiphertextBlob } = await client.send(
        new EncryptCommand({ KeyId: keyId, Plaintext: Buffer.from(plaintext, 'utf8'), EncryptionContext: context }),
      );
      return Buffer.from(CiphertextBlob as Uint8Array).toString('base64');
    },
    async decrypt(ciphertext, context) {
      const { client, DecryptCommand } = await kms();
      const { Plaintext } = await client.send(
        new DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: Buffer.from(ciphertext, 'base64'),
          EncryptionContext: context,
        }),
      );
      return Buffer.from(Plaintext as Uint8Array).toString('utf8');
    },
  };
}
