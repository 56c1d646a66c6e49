import type { LedgerEntry, OwedTransfer } from '../schemas/ledger';

const COLUMNS = [
  'at',
  'kind',
  'currency',
  'gross',
  'platform_fee',
  'refund',
  'disputed',
  'net_to_coach',
  'transferred',
  'processing_fee',
  'session_id',
  'coach_id',
  'mentee_id',
  'stripe_event_id',
  'stripe_checkout_session_id',
  'stripe_payment_intent_id',
  'stripe_charge_id',
  'stripe_transfer_id',
  'stripe_refund_id',
  'stripe_dispute_id',
  'entry_id',
] as const;

/** Digits after the point of a currency's major unit (2 for USD, 0 for JPY), as ISO 4217 and Stripe have it. */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Integer minor units as an exact decimal of the major unit: 1250 USD → "12.50", -5 USD → "-0.05". */
export function toMajorUnits(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const magnitude = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = magnitude.slice(0, magnitude.length - digits);
  const fraction = digits ? `.${magnitude.slice(-digits)}` : '';
  return `${minor < 0 ? '-' : ''}${whole}${fraction}`;
}

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export const LEDGER_CSV_HEADER = `${COLUMNS.join(',')}\r\n`;

/** One CSV line (RFC 4180, CRLF) per entry, amounts in major units beside their currency code. */
export function ledgerCsvRow(entry: LedgerEntry): string {
  const amount = (minor: number) => toMajorUnits(minor, entry.currency);
  const values = [
    entry.at,
    entry.kind,
    entry.currency.toUpperCase(),
    amount(entry.grossCents),
    amount(entry.platformFeeCents),
    amount(entry.refundCents),
    amount(entry.disputedCents),
    amount(entry.netToCoachCents),
    amount(entry.transferredCents),
    amount(entry.processingFeeCents),
    entry.sessionId,
    entry.coachId,
    entry.menteeId,
    entry.stripe.eventId,
    entry.stripe.checkoutSessionId ?? '',
    entry.stripe.paymentIntentId ?? '',
    entry.stripe.chargeId ?? '',
    entry.stripe.transferId ?? '',
    entry.stripe.refundId ?? '',
    entry.stripe.disputeId ?? '',
    entry.id,
  ];
  return `${values.map(cell).join(',')}\r\n`;
}

const OWED_COLUMNS = ['since', 'last_tried_at', 'currency', 'amount', 'session_id', 'coach_id', 'reason'] as const;

/** The transfers owed to coaches now, one CSV line each (same format as the ledger's CSV). */
export function owedTransfersCsv(owed: readonly OwedTransfer[]): string {
  const rows = owed.map((transfer) =>
    [
      transfer.since,
      transfer.lastTriedAt,
      transfer.currency.toUpperCase(),
      toMajorUnits(transfer.amountCents, transfer.currency),
      transfer.sessionId,
      transfer.coachId,
      transfer.reason,
    ]
      .map(cell)
      .join(','),
  );
  return [OWED_COLUMNS.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}
