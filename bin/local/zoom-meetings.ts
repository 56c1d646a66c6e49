import { randomBytes, randomInt } from 'node:crypto';
import type { MeetingTokens, Meetings } from '../../functions/domain/ports';

/**
 * Zoom without Zoom, for the local stack: consent is a local page (bin/local/zoom-standin.ts) and
 * meetings are local links, so the whole connect-and-book journey runs without an account.
 */
export function localMeetings(siteOrigin: string): Meetings {
  const localTokens = (): MeetingTokens => ({
    accessToken: `local-access-${randomBytes(12).toString('hex')}`,
    refreshToken: `local-refresh-${randomBytes(12).toString('hex')}`,
    expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
  });
  return {
    authorizeUrl: ({ state, redirectUri }) =>
      `${siteOrigin}/_local/zoom/authorize?${new URLSearchParams({ state, redirect_uri: redirectUri })}`,
    async exchangeCode(code) {
      if (!code.startsWith('local-code-')) throw new Error('The local Zoom stand-in did not issue this code');
      return localTokens();
    },
    async createMeeting(tokens, _meeting) {
      const meetingId = String(randomInt(10 ** 9, 10 ** 10));
      return { meetingId, joinUrl: `${siteOrigin}/_local/zoom/j/${meetingId}`, tokens };
    },
    deleteMeeting: async (tokens) => tokens,
  };
}
