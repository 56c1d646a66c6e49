import { s3AuditArchive } from '../../adapters/audit-archive';
import { s3BucketFromEnvironment } from '../../adapters/s3-bucket';
import type { AuditArchive } from '../../domain/ports';
import { port } from '../composition-root';

/** The bucket AUDIT_ARCHIVE_BUCKET (the finance archive, lib/api.ts `archive:audit`). */
export const auditArchive = (): AuditArchive =>
  port('auditArchive', () => s3AuditArchive(s3BucketFromEnvironment('AUDIT_ARCHIVE_BUCKET')));
