import { s3PageTemplates } from '../../adapters/page-templates';
import { s3BucketFromEnvironment } from '../../adapters/s3-bucket';
import type { PageTemplates } from '../../domain/ports';
import { port } from '../composition-root';

/** The site's bucket SITE_BUCKET. */
export const pageTemplates = (): PageTemplates =>
  port('pageTemplates', () => s3PageTemplates(s3BucketFromEnvironment('SITE_BUCKET')));
