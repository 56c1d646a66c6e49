import { describe, expect, it } from 'vitest';
import { LEDGER_CSV_HEADER, owedTransfersCsv, ledgerCsvRow, toMajorUnits } from '../../functions/domain/ledger-csv';
import type { LedgerEntry } from '../../functions/schemas/ledger';

describe('amounts in major units', () => {
  it.each([
    [12_000, 'usd', '120.00'],
    [1_250, 'usd', '12.50'],
    [5, 'usd', '0.05'],
    [-5, 'usd', '-0.05'],
    [-10_800, 'usd', '-108.00'],
    [0, 'usd', '0.00'],
    [1_500, 'jpy', '1500'],
    [1_234, 'kwd', '1.234'],
  ])('%i %s is %s', (minor, currency, major) => {
    expect(toMajorUnits(minor, currency)).toBe(major);
  });
});

describe('CSV rows', () => {
  const entry: LedgerEntry = {
    id: 'payment:pi_1',
    at: '2026-10-05T10:00:00.000Z',
    kind: 'payment',
    sessionId: 'session-1',
    coachId: 'coach-1',
    menteeId: 'mentee,"1"',
    currency: 'usd',
    grossCents: 12_000,
    platformFeeCents: 1_200,
    refundCents: 0,
    disputedCents: 0,
    netToCoachCents: 10_800,
    transferredCents: 0,
    processingFeeCents: 0,
    stripe: { eventId: 'evt_1', paymentIntentId: 'pi_1' },
  };

  it('have as many cells as the header, CRLF-terminated, with the currency code beside the amounts', () => {
    const header = LEDGER_CSV_HEADER.trimEnd().split(',');
    const row = ledgerCsvRow({ ...entry, menteeId: 'mentee-1' });
    expect(row.endsWith('\r\n')).toBe(true);
    expect(row.trimEnd().split(',')).toHaveLength(header.length);
    expect(row.startsWith('2026-10-05T10:00:00.000Z,payment,USD,120.00,12.00,0.00,0.00,108.00,')).toBe(true);
  });

  it('quote a cell holding a comma or a quote, doubling the quote', () => {
    expect(ledgerCsvRow(entry)).toContain(',"mentee,""1""",');
  });
});

describe('the owed transfers CSV', () => {
  it('has one line per owed transfer, amounts in major units, a reason with commas quoted', () => {
    const csv = owedTransfersCsv([
      {
        sessionId: 'session-1',
        coachId: 'coach-1',
        amountCents: 10_800,
        currency: 'usd',
        reason: 'insufficient_capabilities_for_transfer: needs transfers, crypto_transfers',
        since: '2026-10-07T10:00:00.000Z',
        lastTriedAt: '2026-10-08T10:00:00.000Z',
      },
    ]);
    expect(csv).toBe(
      'since,last_tried_at,currency,amount,session_id,coach_id,reason\r\n' +
        '2026-10-07T10:00:00.000Z,2026-10-08T10:00:00.000Z,USD,108.00,session-1,coach-1,' +
        '"insufficient_capabilities_for_transfer: needs transfers, crypto_transfers"\r\n',
    );
  });
});
