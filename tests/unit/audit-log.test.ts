import { describe, expect, it } from 'vitest';
import { auditDays, auditMonthsNewestFirst, isAuditSortKeyWithin } from '../../functions/domain/audit';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('the days a read of the audit log covers', () => {
  it('are the last 30, today included, when none are asked', () => {
    expect(auditDays({}, new Date('2026-11-28T04:00:00Z'))).toEqual({ from: '2026-10-30', to: '2026-11-28' });
  });

  it('count 30 back from the end asked, across a year', () => {
    expect(auditDays({ to: '2026-01-10' }, new Date('2026-11-28T04:00:00Z'))).toEqual({
      from: '2025-12-12',
      to: '2026-01-10',
    });
  });

  it('are exactly those asked when both are', () => {
    expect(auditDays({ from: '2026-03-01', to: '2026-03-02' }, new Date('2026-11-28T04:00:00Z'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
    });
  });
});

describe('the month partitions a read walks', () => {
  it('are one when the days share a month', () => {
    expect(auditMonthsNewestFirst('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });

  it('run from the last month back to the first, across a year', () => {
    expect(auditMonthsNewestFirst('2025-11-30', '2026-02-01')).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });
});

describe('a cursor position', () => {
  it('is an entry of the days: their first and last instants included', () => {
    expect(isAuditSortKeyWithin(`2026-03-01T00:00:00.000Z#${ID}`, '2026-03-01', '2026-03-02')).toBe(true);
    expect(isAuditSortKeyWithin(`2026-03-02T23:59:59.999Z#${ID}`, '2026-03-01', '2026-03-02')).toBe(true);
  });

  it('is refused a millisecond outside the days', () => {
    expect(isAuditSortKeyWithin(`2026-02-28T23:59:59.999Z#${ID}`, '2026-03-01', '2026-03-02')).toBe(false);
    expect(isAuditSortKeyWithin(`2026-03-03T00:00:00.000Z#${ID}`, '2026-03-01', '2026-03-02')).toBe(false);
  });

  it('is refused when it is no sort key of an entry', () => {
    for (const forged of [
      'AUDIT#2026-03',
      `2026-03-01T00:00:00Z#${ID}`,
      '2026-03-01T00:00:00.000Z#x',
      `2026-02-30T10:00:00.000Z#${ID}`,
    ])
      expect(isAuditSortKeyWithin(forged, '2026-02-01', '2026-03-31'), forged).toBe(false);
  });
});
