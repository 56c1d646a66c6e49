import { s3BucketFromEnvironment } from './s3-bucket';

export const WEBHOOK_ARCHIVE_PREFIX = 'stripe/';

/** `stripe/2026/11/23/evt_….json`: by the day received, so finance can list a day and replay it. */
export const archiveKey = (eventId: string, receivedAt: Date) =>
  `${WEBHOOK_ARCHIVE_PREFIX}${receivedAt.toISOString().slice(0, 10).replaceAll('-', '/')}/${eventId}.json`;

/**
 * Keeps a verified event body exactly as received. A redelivery writes the same key again with
 * the same bytes, so the archive holds one object per event.
 */
export async function archiveWebhookEvent(eventId: string, rawBody: Buffer | string, receivedAt: Date): Promise<void> {
  await s3BucketFromEnvironment('WEBHOOK_ARCHIVE_BUCKET').put(archiveKey(eventId, receivedAt), rawBody, {
    contentType: 'application/json',
  });
}
