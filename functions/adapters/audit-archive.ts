import type { AuditArchive } from '../domain/ports';
import type { S3Bucket } from './s3-bucket';

/** The audit log's prefix in the finance archive bucket, beside the webhook bodies' `stripe/`. */
export const AUDIT_ARCHIVE_PREFIX = 'audit/';

/** `audit/2026/11/23.jsonl`: one object per UTC day. */
export const auditArchiveKey = (day: string) => `${AUDIT_ARCHIVE_PREFIX}${day.replaceAll('-', '/')}.jsonl`;

/** One object per day: a run of the same day again writes the same key (the bucket's versions keep the earlier one). */
export const s3AuditArchive = (bucket: S3Bucket): AuditArchive => ({
  async keepDay(day, jsonLines) {
    await bucket.put(auditArchiveKey(day), jsonLines, { contentType: 'application/x-ndjson' });
  },
});
