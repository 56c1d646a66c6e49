import { describe, expect, it } from 'vitest';
import { onFirstUse } from '../../functions/adapters/on-first-use';

describe('an SDK loaded on first use', () => {
  it('is not loaded until asked for, then loaded once for every caller, concurrent or later', async () => {
    let loads = 0;
    const sdk = onFirstUse(async () => ({ client: ++loads }));
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([sdk(), sdk()]);
    expect(await sdk()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('is loaded again on the next call after a load that failed, and kept once one succeeds', async () => {
    const outcomes = [new Error('chunk not found'), 'loaded'];
    let loads = 0;
    const sdk = onFirstUse(async () => {
      const outcome = outcomes[loads++];
      if (outcome instanceof Error) throw outcome;
      return outcome;
    });
    await expect(sdk()).rejects.toThrow('chunk not found');
    expect(await sdk()).toBe('loaded');
    expect(await sdk()).toBe('loaded');
    expect(loads).toBe(2);
  });
});
