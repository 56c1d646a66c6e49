import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (
  options: Record<string, unknown>,
) => {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};

export const LOCAL_MEDIA_BUCKET = 'physician-mentors-media';
export const LOCAL_WEBHOOK_ARCHIVE_BUCKET = 'physician-mentors-webhook-archive';
/** The SPA's bucket, holding what the page functions read (bin/local/site-templates.ts). */
export const LOCAL_SITE_BUCKET = 'physician-mentors-site';

/** s3rver's fixed credentials; it also needs path-style addressing. */
export const S3RVER_CLIENT = {
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
} as const;

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/** Browsers upload headshots straight to the bucket with a presigned POST, so it needs CORS. */
const corsConfiguration = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

interface S3rverObject {
  bucket: string;
  key: string;
  content: Buffer | NodeJS.ReadableStream;
  metadata: unknown;
}

interface S3rverStore {
  deleteObject(bucket: string, key: string): Promise<void>;
  getObject(bucket: string, key: string, options?: unknown): Promise<unknown>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
}

const storeOf = (server: object) => (server as unknown as { store: S3rverStore }).store;

/** Runs each call once every earlier call with the same id has settled, whether it succeeded or not. */
function turnsById() {
  const turns = new Map<string, Promise<unknown>>();
  return <T>(id: string, run: () => Promise<T>): Promise<T> => {
    const next = (turns.get(id) ?? Promise.resolve()).then(run);
    const settled = next.catch(() => undefined);
    turns.set(id, settled);
    void settled.then(() => {
      if (turns.get(id) === settled) turns.delete(id);
    });
    return next;
  };
}

/**
 * s3rver removes the folders a delete empties with a read-then-rmdir, so two deletes in one folder
 * at once (a headshot's variants) fail with InternalError where S3 succeeds. Deletes take turns here,
 * so the stand-in is no stricter than S3.
 */
function deleteOneAtATime(server: object): void {
  const store = storeOf(server);
  const deleteObject = store.deleteObject.bind(store);
  const inTurn = turnsById();
  store.deleteObject = (bucket, key) => inTurn('deletes', () => deleteObject(bucket, key));
}

/**
 * s3rver overwrites an object's file in place and writes its length and ETag after it, so a read
 * during a write (the directory snapshot, rebuilt while the directory reads it) can get part of the
 * new body under the old length and ETag, where S3 shows one version or the other, whole. Here a
 * write goes to a file of its own, renamed over the object (a read already open keeps the old one),
 * and the reads and writes of one key take turns until the body and its metadata agree.
 */
function atomicObjectWrites(server: object): void {
  const store = storeOf(server);
  const inTurn = turnsById();
  const getObject = store.getObject.bind(store);
  store.getObject = (bucket, key, options) => inTurn(`${bucket}/${key}`, () => getObject(bucket, key, options));
  store.putObject = (object) =>
    inTurn(`${object.bucket}/${object.key}`, async () => {
      const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
      await mkdir(path.dirname(objectPath), { recursive: true });
      const content = Buffer.isBuffer(object.content) ? object.content : await buffer(object.content);
      const written = `${objectPath}.${randomUUID()}.partial`;
      await writeFile(written, content);
      await rename(written, objectPath);
      const md5 = createHash('md5').update(content).digest('hex');
      await store.putMetadata(object.bucket, object.key, object.metadata, md5);
      return { size: content.length, md5 };
    });
}

export async function startLocalS3(options: { port: number; dataDir: string }): Promise<LocalS3> {
  await mkdir(options.dataDir, { recursive: true });
  const server = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    directory: options.dataDir,
    silent: true,
    configureBuckets: [
      { name: LOCAL_MEDIA_BUCKET, configs: [corsConfiguration] },
      { name: LOCAL_WEBHOOK_ARCHIVE_BUCKET, configs: [] },
      { name: LOCAL_SITE_BUCKET, configs: [] },
    ],
  });
  deleteOneAtATime(server);
  atomicObjectWrites(server);
  await server.run();
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => server.close() };
}
