import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DATA_PAGES, prerenderedFileOf } from '../../functions/domain/data-pages';
import type { RuntimeConfig } from '../../functions/schemas/config';
import { pageWithRuntimeConfig } from '../../functions/schemas/runtime-config-html';
import { LOCAL_SITE_BUCKET, S3RVER_CLIENT } from './s3';

/**
 * What the deploy does for the page functions (lib/web.ts): puts the build's prerendered data pages,
 * with the runtime config inlined, into the site bucket they read their templates from.
 */
export async function deploySiteTemplates(endpoint: string, buildDir: string, config: RuntimeConfig): Promise<void> {
  const s3 = new S3Client({ ...S3RVER_CLIENT, endpoint });
  try {
    for (const page of DATA_PAGES) {
      const file = prerenderedFileOf(page);
      const built = await readFile(path.join(buildDir, file), 'utf8');
      await s3.send(
        new PutObjectCommand({
          Bucket: LOCAL_SITE_BUCKET,
          Key: file.slice(1),
          Body: pageWithRuntimeConfig(built, config),
          ContentType: 'text/html; charset=utf-8',
        }),
      );
    }
  } finally {
    s3.destroy();
  }
}
