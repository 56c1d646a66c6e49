import { describe, expect, it } from 'vitest';
import { coachMatches, coachNameOf } from '@functions/domain/ledger-coaches';
import { isAbandonedCheckout, paymentLabel } from '@functions/domain/session-display';
import { keyThisHistoryEntry } from '@/app/history-entry-key';
import { entryLabel } from '@/features/finance/components/ledger-filters-form';
import { returnPathFrom, signInReturningTo } from '@/lib/return-path';

describe('finding a coach in the ledger', () => {
  const id = '3f2a9c1e-0000-4000-8000-000000000001';

  it('matches any part of the name, whatever the case', () => {
    expect(coachMatches(id, 'Ada Okafor', 'okaf')).toBe(true);
    expect(coachMatches(id, 'Ada Okafor', 'ADA O')).toBe(true);
    expect(coachMatches(id, 'Ada Okafor', 'Smith')).toBe(false);
  });

  it('matches the start of the id (the table shows its first 8 characters), not its middle', () => {
    expect(coachMatches(id, undefined, '3f2a9c1e')).toBe(true);
    expect(coachMatches(id, undefined, id)).toBe(true);
    expect(coachMatches(id, undefined, '9c1e')).toBe(false);
  });

  it('names a coach from the profile, not at all without a name, and a deleted account as a deleted user', () => {
    expect(coachNameOf({ firstName: 'Ada', lastName: 'Okafor' })).toBe('Ada Okafor');
    expect(coachNameOf({ firstName: '', lastName: '' })).toBeUndefined();
    expect(coachNameOf(undefined)).toBe('Deleted user');
  });

  it('says whether a closed dispute was won or lost', () => {
    expect(entryLabel({ kind: 'dispute_closed', disputedCents: -20_000 })).toBe('Dispute closed: won');
    expect(entryLabel({ kind: 'dispute_closed', disputedCents: 0 })).toBe('Dispute closed: lost');
    expect(entryLabel({ kind: 'payment', disputedCents: 0 })).toBe('Payment');
  });
});

describe('coming back after sign-in', () => {
  const from = (path: string) => returnPathFrom(new URLSearchParams(signInReturningTo(path).split('?')[1]));

  it('returns to a page of this site, with its query', () => {
    expect(from('/coaches/abc?length=30&slot=2026-03-03T15:00:00Z')).toBe(
      '/coaches/abc?length=30&slot=2026-03-03T15:00:00Z',
    );
  });

  it('goes home without a return path or with one to another site', () => {
    expect(returnPathFrom(new URLSearchParams())).toBe('/');
    for (const elsewhere of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)'])
      expect(from(elsewhere)).toBe('/');
  });
});

describe('the scroll key of a history entry', () => {
  const history = (state: unknown) => {
    const entry = { state, replaceState: (next: unknown) => (entry.state = next) };
    return entry;
  };

  it('gives a freshly loaded entry a key of its own, keeping what React Router stored', () => {
    const first = history({ idx: 0, usr: null });
    const second = history(null);
    keyThisHistoryEntry(first as unknown as History);
    keyThisHistoryEntry(second as unknown as History);
    expect(first.state).toMatchObject({ idx: 0, usr: null, key: expect.any(String) });
    expect((first.state as { key: string }).key).not.toBe((second.state as { key: string }).key);
  });

  it('keeps the key of an entry it comes back to (reload, back, forward)', () => {
    const entry = history({ idx: 3, key: 'abc123' });
    keyThisHistoryEntry(entry as unknown as History);
    expect(entry.state).toEqual({ idx: 3, key: 'abc123' });
  });
});

describe("a session card's payment line", () => {
  const paid = {
    status: 'scheduled' as const,
    priceCents: 6_000,
    isFreeConsultation: false,
    cancellationReason: null,
  };

  it('shows the price and where the payment stands', () => {
    expect(paymentLabel(paid)).toBe('$60 · paid');
    expect(paymentLabel({ ...paid, status: 'pending_payment' })).toBe('$60 · awaiting payment');
    expect(paymentLabel({ ...paid, isFreeConsultation: true, priceCents: 0 })).toBe('Free');
    expect(paymentLabel({ ...paid, priceCents: 0, paidBy: 'plan' })).toBe('Monthly plan session');
  });

  it('tells a refund from a checkout that was never paid', () => {
    const cancelled = { ...paid, status: 'cancelled' as const, cancellationReason: 'Travel' };
    expect(paymentLabel(cancelled)).toBe('$60 · refunded');
    expect(paymentLabel({ ...cancelled, refund: { status: 'requested' } })).toBe('$60 · refund requested');
    expect(paymentLabel({ ...cancelled, refund: { status: 'failed' } })).toBe('$60 · refund failed');
    expect(paymentLabel({ ...cancelled, cancellationReason: 'Payment session expired' })).toBe('$60 · not paid');
  });

  it('sets apart only checkouts left or let expire', () => {
    const cancelled = (cancellationReason: string) => ({ status: 'cancelled' as const, cancellationReason });
    expect(isAbandonedCheckout(cancelled('Payment cancelled by user'))).toBe(true);
    expect(isAbandonedCheckout(cancelled('Payment session expired'))).toBe(true);
    expect(isAbandonedCheckout(cancelled('Travel'))).toBe(false);
    expect(isAbandonedCheckout({ status: 'completed', cancellationReason: null })).toBe(false);
  });
});
