import { describe, expect, it } from 'vitest';
import { afterCursor, afterOf, decodeCursor } from '../../functions/domain/cursor';
import { isRateable, joinCounts, toPublicRating } from '../../functions/domain/ratings';
import { ratingListQuery } from '../../functions/schemas/rating';

const stored = {
  sessionId: 'd',
  rating: 1,
  reviewText: 'abusive words',
  reviewerName: 'Pat K.',
  moderationStatus: 'rejected' as const,
  createdAt: '2026-04-01T00:00:00Z',
};

describe('toPublicRating', () => {
  it('keeps a rejected review’s stars but hides its text', () => {
    expect(toPublicRating(stored)).toEqual({
      id: 'd',
      rating: 1,
      reviewText: null,
      reviewerName: 'Pat K.',
      createdAt: '2026-04-01T00:00:00Z',
    });
  });

  it('shows an approved review’s text', () => {
    expect(toPublicRating({ ...stored, moderationStatus: 'approved' }).reviewText).toBe('abusive words');
  });
});

describe('ratings query', () => {
  it('pages five at a time, newest first, by default', () => {
    expect(ratingListQuery.parse({})).toEqual({ limit: 5, sort: 'newest' });
  });

  it('refuses unknown sorts and sizes', () => {
    expect(ratingListQuery.safeParse({ sort: 'random' }).success).toBe(false);
    expect(ratingListQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(ratingListQuery.safeParse({ page: '2' }).success).toBe(false);
  });
});

describe('page cursors', () => {
  it('continue after the sort key they carry, for the listing they came from only', () => {
    const cursor = afterCursor('highest', '5#2026-02-01T00:00:00Z#c');
    expect(afterOf(cursor, 'highest')).toBe('5#2026-02-01T00:00:00Z#c');
    expect(() => afterOf(cursor, 'lowest')).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
  });

  it('refuse anything that is not one of ours', () => {
    for (const garbage of ['', 'not base64 json', Buffer.from('{"order":"newest","after":7}').toString('base64url')]) {
      expect(() => afterOf(garbage, 'newest')).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
    }
    expect(() => decodeCursor('bnVsbA', (p): p is null => p !== null)).toThrow(
      expect.objectContaining({ code: 'INVALID_CURSOR' }),
    );
  });
});

describe('joining a session counts', () => {
  const session = { start: '2026-03-10T15:00:00Z', end: '2026-03-10T15:30:00Z' };
  it('from exactly 15 minutes before the start, not a millisecond earlier', () => {
    expect(joinCounts(session, new Date('2026-03-10T14:45:00Z'))).toBe(true);
    expect(joinCounts(session, new Date('2026-03-10T14:44:59.999Z'))).toBe(false);
  });
  it('until the end exactly, not after', () => {
    expect(joinCounts(session, new Date('2026-03-10T15:30:00Z'))).toBe(true);
    expect(joinCounts(session, new Date('2026-03-10T15:30:00.001Z'))).toBe(false);
  });
});

describe('which sessions can be rated', () => {
  const free = { isFreeConsultation: true, priceCents: 0 };
  it('a free consultation only once the mentee joined it', () => {
    expect(isRateable({ ...free, menteeJoined: false })).toBe(false);
    expect(isRateable({ ...free, menteeJoined: true })).toBe(true);
  });
  it('a paid session, by card or with a plan credit (price 0), joined or not', () => {
    expect(isRateable({ isFreeConsultation: false, priceCents: 12_000, menteeJoined: false })).toBe(true);
    expect(isRateable({ isFreeConsultation: false, priceCents: 0, paidBy: 'plan', menteeJoined: false })).toBe(true);
  });
  it('never a session that cost nothing and was not a free consultation', () => {
    expect(isRateable({ isFreeConsultation: false, priceCents: 0, menteeJoined: true })).toBe(false);
  });
});
