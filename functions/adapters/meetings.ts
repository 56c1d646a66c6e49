import { pkceAuthorizeUrl } from './oauth-authorize';
import { boundedFetch } from '../runtime/dependency-budget';
import type { MeetingTokens, Meetings } from '../domain/ports';

/** Refresh a little before Zoom's hour is up, so a token never expires mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

interface ZoomTokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** The Zoom app's credentials and Zoom's addresses (the configuration names a stand-in's locally). */
export interface ZoomSettings {
  clientId: string;
  clientSecret: string;
  /** `https://zoom.us/oauth/authorize`, where the browser consents. */
  authorizeUrl: string;
  /** `https://zoom.us/oauth/token`. */
  tokenUrl: string;
  /** `https://api.zoom.us/v2`. */
  apiUrl: string;
}

export function zoomMeetings({ clientId, clientSecret, authorizeUrl, tokenUrl, apiUrl }: ZoomSettings): Meetings {
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');

  const tokenRequest = async (form: Record<string, string>): Promise<MeetingTokens> => {
    const response = await boundedFetch('Zoom', tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    if (!response.ok) throw new Error(`Zoom token request failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as ZoomTokenResponse;
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresAt: new Date(Date.now() + body.expires_in * 1000 - EXPIRY_MARGIN_MS).toISOString(),
    };
  };

  const fresh = (tokens: MeetingTokens) =>
    new Date(tokens.expiresAt) > new Date()
      ? Promise.resolve(tokens)
      : tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });

  return {
    authorizeUrl: (request) => pkceAuthorizeUrl(authorizeUrl, clientId, request),

    exchangeCode: (code, codeVerifier, redirectUri) =>
      tokenRequest({ grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri }),

    async createMeeting(tokens, meeting) {
      const current = await fresh(tokens);
      const response = await boundedFetch('Zoom', `${apiUrl}/users/me/meetings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${current.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          topic: meeting.topic,
          type: 2,
          start_time: meeting.start,
          duration: meeting.durationMinutes,
          timezone: 'UTC',
          settings: { waiting_room: true },
        }),
      });
      if (!response.ok) throw new Error(`Zoom meeting creation failed: ${response.status} ${await response.text()}`);
      const created = (await response.json()) as { id: number; join_url: string };
      return { meetingId: String(created.id), joinUrl: created.join_url, tokens: current };
    },

    async deleteMeeting(tokens, meetingId) {
      const current = await fresh(tokens);
      const response = await boundedFetch('Zoom', `${apiUrl}/meetings/${encodeURIComponent(meetingId)}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${current.accessToken}` },
      });
      if (!response.ok && response.status !== 404) {
        throw new Error(`Zoom meeting deletion failed: ${response.status} ${await response.text()}`);
      }
      return current;
    },
  };
}
