import type { NpiRecord } from '../../domain/npi';
import type { VerificationView } from '../../schemas/verification';

/** The owner's view of the record; no record is `unverified`. */
export function toVerificationView(record: NpiRecord | null): VerificationView {
  if (!record) return { status: 'unverified' };
  return {
    status: record.status,
    npi: record.npi,
    ...(record.status === 'rejected' && record.reason ? { reason: record.reason } : {}),
    ...(record.checkedAt ? { checkedAt: record.checkedAt } : {}),
    ...(record.status === 'verified' && record.snapshot?.taxonomy ? { taxonomy: record.snapshot.taxonomy } : {}),
  };
}
