import { describe, expect, it } from 'vitest';
import { calendlyCalendar, isCalendlyEventUri } from '../../functions/adapters/external-calendar';

const calendly = (apiUrl = 'https://api.calendly.com') =>
  calendlyCalendar({
    clientId: 'client',
    clientSecret: 'secret',
    authorizeUrl: 'https://auth.calendly.com/oauth/authorize',
    tokenUrl: 'https://auth.calendly.com/oauth/token',
    apiUrl,
  });

const EVENT = 'https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2';

describe('isCalendlyEventUri', () => {
  it('accepts a scheduled event of Calendly’s API', () => {
    expect(isCalendlyEventUri(EVENT)).toBe(true);
    expect(isCalendlyEventUri('https://api.calendly.com/scheduled_events/0b3d1f1e-3a5c-4b7e-9d2f-1a2b3c4d5e6f')).toBe(
      true,
    );
  });

  it.each([
    ['another host', 'https://evil.example/scheduled_events/ABC'],
    ['a look-alike host', 'https://api.calendly.com.evil.example/scheduled_events/ABC'],
    ['user info before the host', 'https://api.calendly.com@evil.example/scheduled_events/ABC'],
    ['plain http', 'http://api.calendly.com/scheduled_events/ABC'],
    ['another resource', 'https://api.calendly.com/users/me'],
    ['the collection itself', 'https://api.calendly.com/scheduled_events/'],
    ['a nested path', 'https://api.calendly.com/scheduled_events/ABC/invitees'],
    ['a path that climbs out', 'https://api.calendly.com/scheduled_events/../users/me'],
    ['an encoded climb', 'https://api.calendly.com/scheduled_events/%2e%2e'],
    ['a query', `${EVENT}?x=1`],
    ['a fragment', `${EVENT}#x`],
    ['a port', 'https://api.calendly.com:8443/scheduled_events/ABC'],
    ['not a URL', 'scheduled_events/ABC'],
  ])('refuses %s', (_name, uri) => {
    expect(isCalendlyEventUri(uri)).toBe(false);
  });

  it('is what the Calendly adapter checks, and the adapter refuses before any request', async () => {
    const calendar = calendly();
    expect(calendar.isEventUri(EVENT)).toBe(true);
    expect(calendar.isEventUri('https://evil.example/scheduled_events/ABC')).toBe(false);
    const tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: new Date(Date.now() + 60_000).toISOString() };
    await expect(calendar.scheduledEvent(tokens, 'https://evil.example/scheduled_events/ABC')).rejects.toThrow(
      /Not a Calendly scheduled event/,
    );
  });

  it('sends the browser to Calendly’s authorize page with the state and the PKCE challenge', () => {
    const url = new URL(
      calendly().authorizeUrl({
        state: 'st',
        codeChallenge: 'challenge',
        redirectUri: 'https://site.example/cb',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://auth.calendly.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client',
      redirect_uri: 'https://site.example/cb',
      state: 'st',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
    });
  });
});

describe('an API at another address (the local stand-in)', () => {
  const calendar = calendly('http://127.0.0.1:3210/_local/calendly/api');

  it('accepts only that API’s event URIs', () => {
    expect(calendar.isEventUri('http://127.0.0.1:3210/_local/calendly/api/scheduled_events/abc-123')).toBe(true);
    expect(calendar.isEventUri(EVENT)).toBe(false);
    expect(calendar.isEventUri('http://127.0.0.1:3210/_local/calendly/api/scheduled_events/../x')).toBe(false);
    expect(calendar.isEventUri('http://127.0.0.1:3210/_local/calendly/scheduled_events/abc-123')).toBe(false);
  });
});
