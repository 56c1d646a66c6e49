import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type DataPage, prerenderedFileOf } from '../pages/data-pages';
import { s3ClientFromEnvironment } from './media';
import { requiredEnvironment } from './required-environment';

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
export function s3PageTemplates(client: S3Client, bucket: string): PageTemplates {
  return {
    async read(page) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prerenderedFileOf(page).slice(1) }));
      if (!answer.Body) throw new Error(`S3 returned ${prerenderedFileOf(page)} without a body`);
      return answer.Body.transformToString('utf8');
    },
  };
}

export const pageTemplatesFromEnvironment = (): PageTemplates =>
  s3PageTemplates(s3ClientFromEnvironment(), requiredEnvironment('SITE_BUCKET'));
