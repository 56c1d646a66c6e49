import { describe, expect, it } from 'vitest';
import { ratingsPage, type StoredRating } from '../../functions/domain/ratings';
import { ratingListQuery } from '../../functions/schemas/rating';

const rating = (id: string, stars: number, createdAt: string, overrides: Partial<StoredRating> = {}): StoredRating => ({
  sessionId: id,
  rating: stars,
  reviewText: `review ${id}`,
  reviewerName: 'Pat K.',
  moderationStatus: 'approved',
  createdAt,
  ...overrides,
});

const ratings = [
  rating('a', 5, '2026-01-01T00:00:00Z'),
  rating('b', 3, '2026-03-01T00:00:00Z'),
  rating('c', 5, '2026-02-01T00:00:00Z'),
  rating('d', 1, '2026-04-01T00:00:00Z', { moderationStatus: 'rejected', reviewText: 'abusive words' }),
  rating('e', 4, '2026-05-01T00:00:00Z', { reviewText: null }),
  rating('f', 2, '2026-06-01T00:00:00Z'),
];

const page = (query: Record<string, string>) => ratingsPage(ratings, ratingListQuery.parse(query));

describe('ratingsPage', () => {
  it('pages five at a time, newest first, by default', () => {
    const first = page({});
    expect(first.ratings.map((r) => r.id)).toEqual(['f', 'e', 'd', 'b', 'c']);
    expect(first.pagination).toEqual({ page: 1, total: 6, totalPages: 2, hasMore: true });
    const second = page({ page: '2' });
    expect(second.ratings.map((r) => r.id)).toEqual(['a']);
    expect(second.pagination.hasMore).toBe(false);
  });

  it('breaks ties in stars by recency so pages never shift', () => {
    expect(page({ sort: 'highest' }).ratings.map((r) => r.id)).toEqual(['c', 'a', 'e', 'b', 'f']);
    expect(page({ sort: 'lowest' }).ratings.map((r) => r.id)).toEqual(['d', 'f', 'b', 'e', 'c']);
  });

  it('keeps a rejected review’s stars but hides its text', () => {
    const rejected = page({}).ratings.find((r) => r.id === 'd');
    expect(rejected).toMatchObject({ rating: 1, reviewText: null });
  });

  it('answers an empty page past the end', () => {
    expect(page({ page: '9' })).toEqual({
      ratings: [],
      pagination: { page: 9, total: 6, totalPages: 2, hasMore: false },
    });
  });

  it('refuses unknown sorts and sizes', () => {
    expect(ratingListQuery.safeParse({ sort: 'random' }).success).toBe(false);
    expect(ratingListQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(ratingListQuery.safeParse({ page: '-1' }).success).toBe(false);
  });
});
