import { prerenderedFileOf } from '../domain/data-pages';
import type { S3Bucket } from './s3-bucket';
import type { PageTemplates } from '../domain/ports';

/**
 * Read at every render, not kept: a deploy replaces the pages and prunes the old build's scripts, and
 * CloudFront keeps each rendered page for a minute anyway (functions/http/edge-cache.ts).
 */
export function s3PageTemplates(bucket: S3Bucket): PageTemplates {
  return {
    async read(page) {
      const answer = await bucket.get(prerenderedFileOf(page).slice(1));
      if (!answer || answer === 'unchanged') throw new Error(`S3 has no ${prerenderedFileOf(page)}`);
      return new TextDecoder().decode(answer.body);
    },
  };
}
