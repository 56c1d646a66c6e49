import { GrantRevokedError } from './calendar-providers';
import { pkceAuthorizeUrl } from './oauth-authorize';
import { boundedFetch } from '../runtime/dependency-budget';
import type { KeepMeetingTokens, MeetingTokens, Meetings } from '../domain/ports';

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
    if (!response.ok) {
      const text = await response.text();
      // Zoom's answer to a refresh token the coach revoked (the app removed) or that lapsed: only a new consent helps.
      if (response.status === 400 && /"error"\s*:\s*"invalid_grant"/.test(text)) {
        throw new GrantRevokedError('Zoom: invalid_grant');
      }
      throw new Error(`Zoom token request failed: ${response.status} ${text}`);
    }
    const body = (await response.json()) as ZoomTokenResponse;
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresAt: new Date(Date.now() + body.expires_in * 1000 - EXPIRY_MARGIN_MS).toISOString(),
    };
  };

  const refreshed = async (tokens: MeetingTokens, keep: KeepMeetingTokens) => {
    const fresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    // Kept before the call it is for: should that call fail, the old refresh token no longer works.
    await keep(fresh);
    return fresh;
  };

  /**
   * Calls the API with a working access token: refreshed first when it has expired, and once more
   * when Zoom refuses it (401 code 124: expired early, or revoked with the grant, which the refresh
   * then answers with invalid_grant).
   */
  const withAccess = async (
    tokens: MeetingTokens,
    keep: KeepMeetingTokens,
    call: (accessToken: string) => Promise<Response>,
  ) => {
    let current = new Date(tokens.expiresAt) > new Date() ? tokens : await refreshed(tokens, keep);
    let response = await call(current.accessToken);
    if (response.status === 401) {
      current = await refreshed(current, keep);
      response = await call(current.accessToken);
      // A token Zoom has just issued and refuses at once: the grant does not work.
      if (response.status === 401) throw new GrantRevokedError(`Zoom: ${await response.text()}`);
    }
    return response;
  };

  return {
    authorizeUrl: (request) => pkceAuthorizeUrl(authorizeUrl, clientId, request),

    exchangeCode: (code, codeVerifier, redirectUri) =>
      tokenRequest({ grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri }),

    async createMeeting(tokens, meeting, keep) {
      const response = await withAccess(tokens, keep, (accessToken) =>
        boundedFetch('Zoom', `${apiUrl}/users/me/meetings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            topic: meeting.topic,
            type: 2,
            start_time: meeting.start,
            duration: meeting.durationMinutes,
            timezone: 'UTC',
            settings: { waiting_room: true },
          }),
        }),
      );
      if (!response.ok) throw new Error(`Zoom meeting creation failed: ${response.status} ${await response.text()}`);
      const created = (await response.json()) as { id: number; join_url: string; host_email?: string };
      return { meetingId: String(created.id), joinUrl: created.join_url, hostEmail: created.host_email ?? null };
    },

    async deleteMeeting(tokens, meetingId, keep) {
      const response = await withAccess(tokens, keep, (accessToken) =>
        boundedFetch('Zoom', `${apiUrl}/meetings/${encodeURIComponent(meetingId)}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${accessToken}` },
        }),
      );
      if (!response.ok && response.status !== 404) {
        throw new Error(`Zoom meeting deletion failed: ${response.status} ${await response.text()}`);
      }
    },
  };
}
