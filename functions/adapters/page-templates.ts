import { type DataPage, prerenderedFileOf } from '../domain/data-pages';
import { type S3Bucket, s3BucketFromEnvironment } from './s3-bucket';

/**
 * The deployed prerendered page of a screen (its loading state, with the deployment's config inlined
 * and the current build's scripts), which a page function renders the screen's data into.
 */
export interface PageTemplates {
  read(page: DataPage): Promise<string>;
}

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

export const pageTemplatesFromEnvironment = (): PageTemplates =>
  s3PageTemplates(s3BucketFromEnvironment('SITE_BUCKET'));
