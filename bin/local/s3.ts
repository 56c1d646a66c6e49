import { mkdir } from 'node:fs/promises';
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

interface S3rverStore {
  deleteObject(bucket: string, key: string): Promise<void>;
}

/**
 * s3rver removes the folders a delete empties with a read-then-rmdir, so two deletes in one folder
 * at once (a headshot's variants) fail with InternalError where S3 succeeds. Deletes take turns here,
 * so the stand-in is no stricter than S3.
 */
function deleteOneAtATime(server: object): void {
  const { store } = server as unknown as { store: S3rverStore };
  const deleteObject = store.deleteObject.bind(store);
  let previous: Promise<unknown> = Promise.resolve();
  store.deleteObject = (bucket, key) => {
    const next = previous.then(() => deleteObject(bucket, key));
    previous = next.catch(() => undefined);
    return next;
  };
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
  await server.run();
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => server.close() };
}
