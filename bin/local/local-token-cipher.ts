import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { TokenCipher } from '../../functions/domain/ports';

const PREFIX = 'local-aes256gcm:';

/** The context is authenticated with the ciphertext, as KMS's encryption context is. */
const aad = (context: Record<string, string>) =>
  Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => a.localeCompare(b))), 'utf8');

/**
 * The local stack's stand-in for the KMS key: AES-256-GCM with a key made once and kept in the data
 * folder (`.local/token-key`), behind the same interface the functions use in AWS.
 */
export async function localTokenCipher(keyFile: string): Promise<TokenCipher> {
  let key: Buffer;
  try {
    key = Buffer.from(await readFile(keyFile, 'utf8'), 'base64');
  } catch {
    key = randomBytes(32);
    await writeFile(keyFile, key.toString('base64'), { encoding: 'utf8', mode: 0o600 });
  }
  return {
    async encrypt(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(context));
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },
    async decrypt(ciphertext, context) {
      if (!ciphertext.startsWith(PREFIX)) throw new Error('Not a local token ciphertext');
      const bytes = Buffer.from(ciphertext.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12)).setAAD(aad(context));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
