import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../functions/domain/money';
import type { SessionStatus } from '../../functions/domain/session-status';
import {
  canCancel,
  canRate,
  displayLabel,
  displayStatus,
  nextBoundary,
  paymentLabel,
  refundNote,
  sectionOf,
  showsMeetingLink,
} from '../../functions/domain/session-display';

const START = '2026-12-01T15:00:00Z';
const END = '2026-12-01T16:00:00Z';
const session = (status: SessionStatus = 'confirmed') => ({ status, start: START, end: END });
const at = (iso: string) => new Date(iso);

describe('displayStatus', () => {
  it('is upcoming more than one hour before the start', () => {
    expect(displayStatus(session(), at('2026-12-01T13:59:59Z'))).toBe('upcoming');
  });

  it('is soon at exactly one hour before the start (the nearer one, ARCHITECTURE section 6)', () => {
    expect(displayStatus(session(), at('2026-12-01T14:00:00Z'))).toBe('soon');
    expect(displayStatus(session('scheduled'), at('2026-12-01T14:59:59Z'))).toBe('soon');
  });

  it('is active from the start up to, not including, the end', () => {
    expect(displayStatus(session(), at(START))).toBe('active');
    expect(displayStatus(session(), at('2026-12-01T15:59:59Z'))).toBe('active');
  });

  it('is past from the end on while the server has not completed it yet', () => {
    expect(displayStatus(session(), at(END))).toBe('past');
  });

  it('takes cancelled and completed from the stored status whatever the clock says', () => {
    expect(displayStatus(session('cancelled'), at('2026-11-01T00:00:00Z'))).toBe('cancelled');
    expect(displayStatus(session('completed'), at('2026-11-01T00:00:00Z'))).toBe('completed');
  });

  it("shows any other status as the spec's 'otherwise', Scheduled", () => {
    expect(displayStatus(session('pending_payment'), at('2026-11-01T00:00:00Z'))).toBe('scheduled');
    expect(displayLabel('scheduled')).toBe('Scheduled');
  });
});

describe('labels, sections and actions', () => {
  it('labels each status as the spec does', () => {
    expect((['active', 'soon', 'upcoming', 'past', 'cancelled', 'completed'] as const).map(displayLabel)).toEqual([
      'Live Now',
      'Starting Soon',
      'Upcoming',
      'Past',
      'Cancelled',
      'Completed',
    ]);
  });

  it('puts active, soon and upcoming in Upcoming, the rest in Past', () => {
    expect(sectionOf('active')).toBe('upcoming');
    expect(sectionOf('soon')).toBe('upcoming');
    expect(sectionOf('upcoming')).toBe('upcoming');
    expect(sectionOf('past')).toBe('past');
    expect(sectionOf('completed')).toBe('past');
    expect(sectionOf('cancelled')).toBe('past');
  });

  it('offers Cancel only for upcoming and soon, and the meeting link also while active', () => {
    expect(['upcoming', 'soon', 'active', 'past'].map((s) => canCancel(s as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(['upcoming', 'soon', 'active', 'past', 'cancelled'].map((s) => showsMeetingLink(s as never))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('lets only the mentee rate, only a completed session, and only once', () => {
    expect(canRate('completed', 'mentee', false)).toBe(true);
    expect(canRate('completed', 'mentee', true)).toBe(false);
    expect(canRate('completed', 'coach', false)).toBe(false);
    expect(canRate('past', 'mentee', false)).toBe(true);
    expect(canRate('past', 'coach', false)).toBe(false);
    expect(canRate('cancelled', 'mentee', false)).toBe(false);
  });
});

describe('nextBoundary', () => {
  it('walks upcoming → soon → active → past', () => {
    expect(nextBoundary(session(), at('2026-12-01T10:00:00Z'))?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(nextBoundary(session(), at('2026-12-01T14:00:00Z'))?.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(nextBoundary(session(), at(START))?.toISOString()).toBe('2026-12-01T16:00:00.000Z');
  });

  it('has none once past, cancelled or completed', () => {
    expect(nextBoundary(session(), at(END))).toBeNull();
    expect(nextBoundary(session('cancelled'), at('2026-12-01T10:00:00Z'))).toBeNull();
    expect(nextBoundary(session('completed'), at('2026-12-01T10:00:00Z'))).toBeNull();
  });

  it('agrees with displayStatus: the status changes exactly at the boundary', () => {
    const now = at('2026-12-01T09:30:00Z');
    const boundary = nextBoundary(session(), now) as Date;
    expect(displayStatus(session(), new Date(boundary.getTime() - 1))).toBe(displayStatus(session(), now));
    expect(displayStatus(session(), boundary)).not.toBe(displayStatus(session(), now));
  });
});

describe('refundNote', () => {
  it('tells the mentee the refund is requested, then done, and the coach the same about the mentee', () => {
    expect(refundNote({ status: 'requested', amountCents: 12_000 }, 'mentee')).toBe(
      'Refund of $120 requested; we will e-mail you when it is confirmed.',
    );
    expect(refundNote({ status: 'requested', amountCents: 12_000 }, 'coach')).toBe(
      'Refund of $120 to the mentee requested.',
    );
    expect(refundNote({ status: 'succeeded', amountCents: 12_000 }, 'mentee')).toBe('Refunded $120 to your card.');
    expect(refundNote({ status: 'succeeded', amountCents: 12_000 }, 'coach')).toBe('Refunded $120 to the mentee.');
  });

  it('says a failed refund failed, and why when the charge is disputed', () => {
    expect(refundNote({ status: 'failed', amountCents: 6_000 }, 'mentee')).toContain(
      'The refund of $60 to your card failed',
    );
    expect(refundNote({ status: 'failed', amountCents: 6_000, disputed: true }, 'coach')).toBe(
      'Not refunded: the payment is disputed with the card issuer, who decides about the $60.',
    );
  });
});

describe('prices', () => {
  it('shows whole dollars as such and any cents to the cent, never rounded', () => {
    expect(formatPrice(12_000)).toBe('$120');
    expect(formatPrice(3_750)).toBe('$37.50');
    expect(formatPrice(1_875)).toBe('$18.75');
    expect(formatPrice(1_801)).toBe('$18.01');
    const paid = { status: 'scheduled' as const, isFreeConsultation: false, cancellationReason: null };
    expect(paymentLabel({ ...paid, priceCents: 1_875 })).toBe('$18.75 · paid');
    expect(refundNote({ status: 'succeeded', amountCents: 3_750 }, 'mentee')).toBe('Refunded $37.50 to your card.');
  });
});
