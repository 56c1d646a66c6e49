import { describe, expect, it } from 'vitest';
import { moderateReview } from '../../functions/domain/moderation';
import { rateSessionInput } from '../../functions/schemas/session-actions';

describe('moderateReview', () => {
  it('approves an empty or missing review', () => {
    expect(moderateReview(null)).toBe('approved');
    expect(moderateReview(undefined)).toBe('approved');
    expect(moderateReview('   ')).toBe('approved');
  });

  it('approves ordinary feedback, including words that merely contain a flagged string', () => {
    expect(moderateReview('Very helpful advice on moving into clinical informatics.')).toBe('approved');
    expect(moderateReview('We discussed Scunthorpe hospital and assessment classes.')).toBe('approved');
  });

  it('rejects profanity, also when disguised', () => {
    expect(moderateReview('This was a waste of time, fuck this')).toBe('rejected');
    expect(moderateReview('what a piece of sh1t')).toBe('rejected');
    expect(moderateReview('FUUUCK you')).toBe('rejected');
  });
});

describe('rateSessionInput', () => {
  it('needs a whole rating from 1 to 5', () => {
    for (const rating of [0, 6, 2.5, undefined]) {
      const parsed = rateSessionInput.safeParse({ rating });
      expect(parsed.success).toBe(false);
      expect(JSON.stringify(parsed.error?.issues)).toContain('Please select a rating');
    }
    expect(rateSessionInput.parse({ rating: 5 })).toEqual({ rating: 5, reviewText: null });
  });

  it('takes an optional review of at most 500 characters', () => {
    expect(rateSessionInput.parse({ rating: 4, reviewText: 'x'.repeat(500) }).reviewText).toHaveLength(500);
    const parsed = rateSessionInput.safeParse({ rating: 4, reviewText: 'x'.repeat(501) });
    expect(JSON.stringify(parsed.error?.issues)).toContain('Review must be 500 characters or less');
    expect(rateSessionInput.parse({ rating: 4, reviewText: '  ' }).reviewText).toBeNull();
  });
});
