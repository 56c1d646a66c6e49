import { s3BucketFromEnvironment } from '../../adapters/s3-bucket';
import { s3WebhookArchive } from '../../adapters/webhook-archive';
import type { WebhookArchive } from '../../domain/ports';
import { port } from '../composition-root';

/** The bucket WEBHOOK_ARCHIVE_BUCKET. */
export const webhookArchive = (): WebhookArchive =>
  port('webhookArchive', () => s3WebhookArchive(s3BucketFromEnvironment('WEBHOOK_ARCHIVE_BUCKET')));
