import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackPorts } from '../../bin/local/ports';
import { LOCAL_MEDIA_BUCKET, type LocalS3, S3RVER_CLIENT, startLocalS3 } from '../../bin/local/s3';

let s3: LocalS3;
let client: S3Client;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'pm-s3-'));
  const { s3: port } = await stackPorts(['s3']);
  s3 = await startLocalS3({ port, dataDir });
  client = new S3Client({ ...S3RVER_CLIENT, endpoint: s3.endpoint });
});

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('the local S3 stand-in', () => {
  // As S3 does: an object read while it is being replaced is one version or the other, whole, with its own ETag.
  it('never shows part of an object that is being overwritten', async () => {
    const versions = ['a', 'b'].map((fill) => Buffer.alloc(2 * 1024 * 1024, fill));
    const Key = 'directory/overwritten.bin';
    const put = (body: Buffer) => client.send(new PutObjectCommand({ Bucket: LOCAL_MEDIA_BUCKET, Key, Body: body }));
    await put(versions[0] as Buffer);
    const writes = (async () => {
      for (let i = 0; i < 20; i++) await put(versions[i % 2] as Buffer);
    })();
    const reads: { body: Uint8Array; etag: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await client.send(new GetObjectCommand({ Bucket: LOCAL_MEDIA_BUCKET, Key }));
      reads.push({ body: await answer.Body!.transformToByteArray(), etag: answer.ETag ?? '' });
    }
    await writes;
    for (const { body, etag } of reads) {
      expect(versions.map(md5)).toContain(md5(body));
      expect(etag).toBe(`"${md5(body)}"`);
    }
  });
});
