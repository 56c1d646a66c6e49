import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_AWS } from './aws-local';
import { jsonObject, readAwsRequest, type SignatureProblem, signatureProblem } from './aws-request';
import type { RequestLog } from './request-log';

const LOCAL_KEY_ID = '5d8f3c1e-7a2b-4e6f-9c0d-1b2a3c4d5e6f';
/** The stack's token key, as lib/api.ts gives a deployment's in TOKEN_KEY_ID. */
export const LOCAL_TOKEN_KEY_ARN = `arn:aws:kms:${LOCAL_AWS.region}:${LOCAL_AWS.accountId}:key/${LOCAL_KEY_ID}`;

/** KMS's limits for Encrypt's plaintext and Decrypt's ciphertext (the API reference's constraints). */
const MAX_PLAINTEXT_BYTES = 4096;
const MAX_CIPHERTEXT_BYTES = 6144;
const MAX_REQUEST_BYTES = 64 * 1024;

/** The key material, made once and kept in the data folder like the rest of the stack's state. */
export interface LocalKmsKey {
  material: Buffer;
}

export async function localKmsKey(keyFile: string): Promise<LocalKmsKey> {
  try {
    return { material: Buffer.from(await readFile(keyFile, 'utf8'), 'base64') };
  } catch {
    const material = randomBytes(32);
    await writeFile(keyFile, material.toString('base64'), { encoding: 'utf8', mode: 0o600 });
    return { material };
  }
}

type KmsErrorType =
  | 'ValidationException'
  | 'SerializationException'
  | 'NotFoundException'
  | 'InvalidCiphertextException'
  | 'UnknownOperationException'
  | SignatureProblem['type'];

class KmsError extends Error {
  constructor(
    readonly type: KmsErrorType,
    message?: string,
  ) {
    super(message);
  }
}

/** KMS's JSON 1.1 error: HTTP 400, the exception's name in `__type`. */
function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
  res.end(JSON.stringify(body));
}

const KEY_VERSION = 1;
const KEY_ID_BYTES = Buffer.from(LOCAL_KEY_ID.replaceAll('-', ''), 'hex');
/** version, key id, IV, tag, then the sealed plaintext: like KMS's, the blob names the key that opens it. */
const HEADER_BYTES = 1 + KEY_ID_BYTES.length + 12 + 16;

/** The encryption context is authenticated with the ciphertext and must be given again, as in KMS. */
const additionalData = (context: Record<string, string>) =>
  Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => a.localeCompare(b))), 'utf8');

function encryptionContext(request: Record<string, unknown>): Record<string, string> {
  const context = request.EncryptionContext ?? {};
  if (
    typeof context !== 'object' ||
    context === null ||
    Object.values(context).some((value) => typeof value !== 'string')
  )
    throw new KmsError('SerializationException', 'EncryptionContext is a map of strings to strings.');
  return context as Record<string, string>;
}

/** A key id or key ARN of the stack's key; anything else names no key here. */
function requireKnownKey(keyId: unknown) {
  if (typeof keyId !== 'string' || keyId === '')
    throw new KmsError(
      'ValidationException',
      "1 validation error detected: Value null at 'keyId' failed to satisfy constraint: Member must not be null",
    );
  if (keyId !== LOCAL_KEY_ID && keyId !== LOCAL_TOKEN_KEY_ARN)
    throw new KmsError('NotFoundException', `Key '${keyId}' does not exist`);
}

function blob(value: unknown, name: string, maxBytes: number): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'base64') : Buffer.alloc(0);
  if (bytes.length === 0)
    throw new KmsError(
      'ValidationException',
      `1 validation error detected: Value at '${name}' failed to satisfy constraint: Member must have length greater than or equal to 1`,
    );
  if (bytes.length > maxBytes)
    throw new KmsError(
      'ValidationException',
      `1 validation error detected: Value at '${name}' failed to satisfy constraint: Member must have length less than or equal to ${maxBytes}`,
    );
  return bytes;
}

function encrypt(key: LocalKmsKey, request: Record<string, unknown>) {
  requireKnownKey(request.KeyId);
  const plaintext = blob(request.Plaintext, 'plaintext', MAX_PLAINTEXT_BYTES);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.material, iv).setAAD(additionalData(encryptionContext(request)));
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const ciphertext = Buffer.concat([Buffer.from([KEY_VERSION]), KEY_ID_BYTES, iv, cipher.getAuthTag(), sealed]);
  return {
    CiphertextBlob: ciphertext.toString('base64'),
    KeyId: LOCAL_TOKEN_KEY_ARN,
    EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
  };
}

function decrypt(key: LocalKmsKey, request: Record<string, unknown>) {
  if (request.KeyId !== undefined) requireKnownKey(request.KeyId);
  const ciphertext = blob(request.CiphertextBlob, 'ciphertextBlob', MAX_CIPHERTEXT_BYTES);
  const context = encryptionContext(request);
  // KMS says nothing more about a ciphertext it cannot open: not this key's, altered, or another context.
  if (
    ciphertext.length < HEADER_BYTES ||
    ciphertext[0] !== KEY_VERSION ||
    !ciphertext.subarray(1, 1 + KEY_ID_BYTES.length).equals(KEY_ID_BYTES)
  )
    throw new KmsError('InvalidCiphertextException');
  const ivAt = 1 + KEY_ID_BYTES.length;
  const decipher = createDecipheriv('aes-256-gcm', key.material, ciphertext.subarray(ivAt, ivAt + 12));
  decipher.setAAD(additionalData(context)).setAuthTag(ciphertext.subarray(ivAt + 12, HEADER_BYTES));
  let plaintext: Buffer;
  try {
    plaintext = Buffer.concat([decipher.update(ciphertext.subarray(HEADER_BYTES)), decipher.final()]);
  } catch {
    throw new KmsError('InvalidCiphertextException');
  }
  return {
    KeyId: LOCAL_TOKEN_KEY_ARN,
    Plaintext: plaintext.toString('base64'),
    EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
  };
}

const OPERATIONS = { Encrypt: encrypt, Decrypt: decrypt } as const;
const TARGET_PREFIX = 'TrentService.';

/**
 * AWS KMS's API (JSON 1.1, `X-Amz-Target: TrentService.<operation>`) for the one
 * key the stack has: Encrypt and Decrypt with AES-256-GCM under a key kept in the data folder
 * (`token-key`), the encryption context bound to the ciphertext. Refused as KMS refuses: a request
 * unsigned or signed with other credentials, another context or an altered ciphertext
 * (InvalidCiphertextException), a key that is not the stack's (NotFoundException), a plaintext over
 * 4 KB (ValidationException). Each call is in the request log under `kms`.
 */
export async function serveKmsEndpoint(
  req: IncomingMessage,
  res: ServerResponse,
  key: LocalKmsKey,
  requestLog: RequestLog,
): Promise<void> {
  const target = String(req.headers['x-amz-target'] ?? '');
  const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  requestLog.recordOnAnswer('kms', req, res, { action: operation || undefined });
  try {
    if (req.method !== 'POST' || !Object.hasOwn(OPERATIONS, operation))
      throw new KmsError('UnknownOperationException', `The local KMS endpoint has no operation '${target}'.`);
    const { body, complete } = await readAwsRequest(req, MAX_REQUEST_BYTES);
    const unsigned = complete ? signatureProblem(req, body, 'kms') : null;
    if (unsigned) throw new KmsError(unsigned.type, unsigned.message);
    const request = complete ? jsonObject(body) : null;
    if (!request) throw new KmsError('SerializationException', 'The request body is not a JSON object.');
    answer(res, 200, OPERATIONS[operation as keyof typeof OPERATIONS](key, request));
  } catch (error) {
    if (!(error instanceof KmsError)) throw error;
    answer(res, 400, { __type: error.type, ...(error.message ? { message: error.message } : {}) });
  }
}
