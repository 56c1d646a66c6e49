import { describe, expect, it } from 'vitest';
import { tokenGroups } from '@/lib/groups';

describe("the SPA's reading of a token's groups", () => {
  it("reads the cognito:groups claim, and nothing else, as the user's groups", () => {
    expect(tokenGroups({ sub: 'u1', 'cognito:groups': ['finance', 'admins'] })).toEqual(['finance', 'admins']);
    expect(tokenGroups({ sub: 'u1' })).toEqual([]);
    expect(tokenGroups({ 'cognito:groups': 'finance' })).toEqual([]);
    expect(tokenGroups({ 'cognito:groups': ['finance', 7] })).toEqual(['finance']);
    expect(tokenGroups(undefined)).toEqual([]);
  });
});
