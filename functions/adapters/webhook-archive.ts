import type { WebhookArchive } from '../domain/ports';
import type { S3Bucket } from './s3-bucket';

export const WEBHOOK_ARCHIVE_PREFIX = 'stripe/';

/** `stripe/2026/11/23/evt_….json`: by the day received, so finance can list a day and replay it. */
export const archiveKey = (eventId: string, receivedAt: Date) =>
  `${WEBHOOK_ARCHIVE_PREFIX}${receivedAt.toISOString().slice(0, 10).replaceAll('-', '/')}/${eventId}.json`;

/** One object per event in the archive bucket: a redelivery writes the same key again with the same bytes. */
export const s3WebhookArchive = (bucket: S3Bucket): WebhookArchive => ({
  async keep(eventId, rawBody, receivedAt) {
    await bucket.put(archiveKey(eventId, receivedAt), rawBody, { contentType: 'application/json' });
  },
});
