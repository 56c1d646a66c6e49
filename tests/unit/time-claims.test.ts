import { describe, expect, it } from 'vitest';
import { timeBlocks } from '../../functions/data/time-claims';

describe('timeBlocks', () => {
  it('covers a session with the 15-minute blocks it touches', () => {
    expect(timeBlocks('2026-03-03T15:00:00Z', '2026-03-03T15:30:00Z')).toEqual([
      '2026-03-03T15:00:00Z',
      '2026-03-03T15:15:00Z',
    ]);
  });

  it('gives two overlapping sessions at least one block in common, and touching ones none', () => {
    const a = timeBlocks('2026-03-03T15:00:00Z', '2026-03-03T16:00:00Z');
    const b = timeBlocks('2026-03-03T15:30:00Z', '2026-03-03T16:00:00Z');
    const c = timeBlocks('2026-03-03T16:00:00Z', '2026-03-03T16:30:00Z');
    expect(a.filter((block) => b.includes(block))).not.toEqual([]);
    expect(a.filter((block) => c.includes(block))).toEqual([]);
  });

  it('claims the whole block an odd external-calendar edge touches', () => {
    expect(timeBlocks('2026-03-03T15:10:00Z', '2026-03-03T15:20:00Z')).toEqual([
      '2026-03-03T15:00:00Z',
      '2026-03-03T15:15:00Z',
    ]);
  });
});
