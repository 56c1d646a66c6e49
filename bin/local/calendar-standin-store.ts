import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * What the local Google, Microsoft, Zoom and Calendly stand-ins remember: OAuth codes, grants and
 * tokens, each calendar account's events, Zoom's meetings and Calendly's scheduled events. Kept in
 * memory and in a JSON file under the data folder, so a restarted `npm start` still knows the
 * grants its seed made.
 */
export type CalendarStandInProvider = 'google' | 'microsoft';
/** Every provider whose OAuth the store stands in for. */
export type OAuthStandInProvider = CalendarStandInProvider | 'zoom' | 'calendly';

export interface StandInEvent {
  id: string;
  calendarId: string;
  summary: string;
  description?: string;
  location?: string;
  /** UTC ISO instants; an all-day event runs from midnight to midnight UTC. */
  start: string;
  end: string;
  allDay: boolean;
  /** Google's `transparency`: a transparent event (Microsoft: `showAs: free`) does not block time. */
  transparent: boolean;
  cancelled: boolean;
  /** Google's private extended properties, Microsoft's single-value extended properties. */
  privateProperties: Record<string, string>;
  createdAt: string;
}

/** A meeting the Zoom stand-in created, on the account of the token that asked. */
export interface StandInMeeting {
  id: number;
  account: string;
  topic: string;
  /** UTC ISO instant. */
  startTime: string;
  durationMinutes: number;
  deleted: boolean;
  createdAt: string;
}

/** An event scheduled in the Calendly stand-in's embed, hosted by the Calendly user of its link. */
export interface StandInScheduledEvent {
  uuid: string;
  /** The host's Calendly username: the first segment of the scheduling link. */
  user: string;
  name: string;
  start: string;
  end: string;
  status: 'active' | 'canceled';
  inviteeUuid: string;
  createdAt: string;
}

interface Grant {
  provider: OAuthStandInProvider;
  account: string;
  clientId: string;
  scope: string;
  revoked: boolean;
  /** A single-use refresh token (Zoom's, Calendly's) that was used: it refreshes no more. */
  used?: boolean;
}

interface IssuedCode {
  provider: OAuthStandInProvider;
  account: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  expiresAt: number;
}

/** A fault the next API calls of an account meet: `slow` holds every answer until the fault is cleared. */
/**
 * `calendar_errors`: Google's freeBusy answers 200 with a `backendError` for every calendar asked
 * about and no busy times, as Google does when it cannot read them.
 */
export type StandInFault = 'slow' | 'throttled' | 'expired_token' | 'calendar_errors';

interface State {
  codes: Record<string, IssuedCode>;
  /** By refresh token. */
  grants: Record<string, Grant>;
  /** By access token: the refresh token it was issued under, and when it expires (ms). */
  accessTokens: Record<string, { refreshToken: string; expiresAt: number }>;
  /** By `<provider>:<account>`. */
  events: Record<string, StandInEvent[]>;
  /** By meeting id. */
  meetings: Record<string, StandInMeeting>;
  /** By uuid. */
  scheduledEvents: Record<string, StandInScheduledEvent>;
  faults: Record<string, StandInFault>;
}

/** Calendly's access tokens last 2 hours, the others' an hour. */
const ACCESS_TOKEN_SECONDS: Record<OAuthStandInProvider, number> = {
  google: 3600,
  microsoft: 3600,
  zoom: 3600,
  calendly: 7200,
};
const CODE_MS = 10 * 60_000;

export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_grant' | 'invalid_client' | 'invalid_request' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
}

const accountKey = (provider: OAuthStandInProvider, account: string) => `${provider}:${account.toLowerCase()}`;

export class CalendarStandInStore {
  private state: State = {
    codes: {},
    grants: {},
    accessTokens: {},
    events: {},
    meetings: {},
    scheduledEvents: {},
    faults: {},
  };
  private readonly releases = new Map<string, Array<() => void>>();

  constructor(private readonly file: string | null) {
    if (!file) return;
    try {
      this.state = { ...this.state, ...(JSON.parse(readFileSync(file, 'utf8')) as State), faults: {} };
    } catch {
      // A first start: nothing remembered yet.
    }
  }

  private persist() {
    if (this.file) writeFileSync(this.file, JSON.stringify(this.state), 'utf8');
  }

  issueCode(code: Omit<IssuedCode, 'expiresAt'>): string {
    const value = `${code.provider}-code-${randomBytes(16).toString('hex')}`;
    this.state.codes[value] = { ...code, expiresAt: Date.now() + CODE_MS };
    this.persist();
    return value;
  }

  /** The authorization-code grant, as strict as the providers: one use, same client and redirect, PKCE S256. */
  redeemCode(
    provider: OAuthStandInProvider,
    form: { code: string; clientId: string; redirectUri: string; codeVerifier: string },
  ) {
    const issued = this.state.codes[form.code];
    delete this.state.codes[form.code];
    this.persist();
    if (!issued || issued.provider !== provider || issued.expiresAt < Date.now()) {
      throw new OAuthError('invalid_grant', 'The authorization code is invalid, expired or already used.');
    }
    if (issued.clientId !== form.clientId)
      throw new OAuthError('invalid_grant', 'The code was issued to another client.');
    if (issued.redirectUri !== form.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match.');
    const challenge = createHash('sha256').update(form.codeVerifier).digest('base64url');
    if (!form.codeVerifier || challenge !== issued.codeChallenge) {
      throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
    }
    const refreshToken = `${provider}-refresh-${randomBytes(18).toString('hex')}`;
    this.state.grants[refreshToken] = {
      provider,
      account: issued.account,
      clientId: issued.clientId,
      scope: issued.scope,
      revoked: false,
    };
    return { ...this.accessTokenFor(refreshToken), refreshToken, scope: issued.scope };
  }

  /** The refresh-token grant; a revoked, used or unknown grant answers invalid_grant. */
  refresh(provider: OAuthStandInProvider, refreshToken: string, clientId: string) {
    const grant = this.liveGrant(provider, refreshToken, clientId);
    return { ...this.accessTokenFor(refreshToken), scope: grant.scope };
  }

  /**
   * Zoom's and Calendly's refresh: the refresh token is single-use, and each answer carries a new one
   * (developer.calendly.com/refresh-token-rotation-guide; Zoom's token lifecycle).
   */
  refreshSingleUse(provider: OAuthStandInProvider, refreshToken: string, clientId: string) {
    const grant = this.liveGrant(provider, refreshToken, clientId);
    const rotated = this.rotate(refreshToken);
    grant.used = true;
    return { ...this.accessTokenFor(rotated), refreshToken: rotated, scope: grant.scope };
  }

  private liveGrant(provider: OAuthStandInProvider, refreshToken: string, clientId: string): Grant {
    const grant = this.state.grants[refreshToken];
    if (!grant || grant.provider !== provider || grant.revoked || grant.used) {
      throw new OAuthError('invalid_grant', 'Token has been expired or revoked.');
    }
    if (grant.clientId !== clientId) throw new OAuthError('invalid_grant', 'The token was issued to another client.');
    return grant;
  }

  /** Microsoft answers every refresh with a new refresh token (the old one keeps working until it expires). */
  rotate(refreshToken: string): string {
    const grant = this.state.grants[refreshToken] as Grant;
    const rotated = `${grant.provider}-refresh-${randomBytes(18).toString('hex')}`;
    this.state.grants[rotated] = { ...grant };
    this.persist();
    return rotated;
  }

  private accessTokenFor(refreshToken: string) {
    const provider = (this.state.grants[refreshToken] as Grant).provider;
    const accessToken = `${provider}-access-${randomBytes(18).toString('hex')}`;
    const expiresIn = ACCESS_TOKEN_SECONDS[provider];
    this.state.accessTokens[accessToken] = { refreshToken, expiresAt: Date.now() + expiresIn * 1000 };
    this.persist();
    return { accessToken, expiresIn };
  }

  /** Revokes the grant a refresh or access token belongs to; false for a token it never issued. */
  revokeToken(provider: OAuthStandInProvider, token: string): boolean {
    const refreshToken = this.state.accessTokens[token]?.refreshToken ?? token;
    const grant = this.state.grants[refreshToken];
    if (!grant || grant.provider !== provider) return false;
    this.revokeAccount(provider, grant.account);
    return true;
  }

  /** Every grant of the account stops working, its access tokens at once (the test control). */
  revokeAccount(provider: OAuthStandInProvider, account: string): number {
    let revoked = 0;
    for (const [token, grant] of Object.entries(this.state.grants)) {
      if (grant.provider !== provider || grant.account.toLowerCase() !== account.toLowerCase()) continue;
      grant.revoked = true;
      revoked++;
      for (const [accessToken, issued] of Object.entries(this.state.accessTokens)) {
        if (issued.refreshToken === token) delete this.state.accessTokens[accessToken];
      }
    }
    this.persist();
    return revoked;
  }

  /** The account an access token acts for, or null when it is unknown, expired or revoked (a 401). */
  accountOf(provider: OAuthStandInProvider, accessToken: string): string | null {
    const issued = this.state.accessTokens[accessToken];
    const grant = issued && this.state.grants[issued.refreshToken];
    if (!issued || !grant || grant.provider !== provider || grant.revoked || issued.expiresAt < Date.now()) return null;
    return grant.account;
  }

  /** Whether the access token is one the stand-in issued whose time is up (its grant still live). */
  isExpired(provider: OAuthStandInProvider, accessToken: string): boolean {
    const issued = this.state.accessTokens[accessToken];
    const grant = issued && this.state.grants[issued.refreshToken];
    return Boolean(grant && grant.provider === provider && !grant.revoked && issued.expiresAt < Date.now());
  }

  /** A stand-in only the seed uses: a grant as if its consent had been given, without the browser. */
  grantWithoutConsent(provider: OAuthStandInProvider, account: string, clientId: string, scope: string) {
    const refreshToken = `${provider}-refresh-${randomBytes(18).toString('hex')}`;
    this.state.grants[refreshToken] = { provider, account, clientId, scope, revoked: false };
    return { ...this.accessTokenFor(refreshToken), refreshToken };
  }

  events(provider: CalendarStandInProvider, account: string): StandInEvent[] {
    return this.state.events[accountKey(provider, account)] ?? [];
  }

  addEvent(
    provider: CalendarStandInProvider,
    account: string,
    event: Omit<StandInEvent, 'id' | 'createdAt' | 'cancelled'> & { cancelled?: boolean },
  ): StandInEvent {
    const stored: StandInEvent = {
      cancelled: false,
      ...event,
      id: randomUUID().replaceAll('-', ''),
      createdAt: new Date().toISOString(),
    };
    const key = accountKey(provider, account);
    this.state.events[key] = [...(this.state.events[key] ?? []), stored];
    this.persist();
    return stored;
  }

  updateEvent(provider: CalendarStandInProvider, account: string, id: string, change: Partial<StandInEvent>) {
    const event = this.events(provider, account).find((candidate) => candidate.id === id);
    if (!event) return null;
    Object.assign(event, change, { id: event.id });
    this.persist();
    return event;
  }

  setFault(provider: OAuthStandInProvider, account: string, fault: StandInFault | null) {
    const key = accountKey(provider, account);
    if (fault) this.state.faults[key] = fault;
    else {
      delete this.state.faults[key];
      for (const release of this.releases.get(key) ?? []) release();
      this.releases.delete(key);
    }
    if (fault === 'expired_token') {
      for (const issued of Object.values(this.state.accessTokens)) {
        if (this.state.grants[issued.refreshToken]?.account.toLowerCase() === account.toLowerCase())
          issued.expiresAt = 0;
      }
      delete this.state.faults[key];
      this.persist();
    }
  }

  fault(provider: OAuthStandInProvider, account: string): StandInFault | undefined {
    return this.state.faults[accountKey(provider, account)];
  }

  /** Resolves when the account's `slow` fault is cleared (or the stand-in stops). */
  held(provider: OAuthStandInProvider, account: string): Promise<void> {
    const key = accountKey(provider, account);
    return new Promise((resolve) => {
      this.releases.set(key, [...(this.releases.get(key) ?? []), resolve]);
    });
  }

  /** Zoom's meeting ids: 10 or 11 digits. */
  addMeeting(
    account: string,
    meeting: Pick<StandInMeeting, 'topic' | 'startTime' | 'durationMinutes'>,
  ): StandInMeeting {
    let id: number;
    do id = randomInt(10 ** 9, 10 ** 11 - 1);
    while (this.state.meetings[id]);
    const stored: StandInMeeting = { ...meeting, id, account, deleted: false, createdAt: new Date().toISOString() };
    this.state.meetings[id] = stored;
    this.persist();
    return stored;
  }

  /** The account's meetings, deleted ones included (flagged). */
  meetings(account: string): StandInMeeting[] {
    return Object.values(this.state.meetings).filter(
      (meeting) => meeting.account.toLowerCase() === account.toLowerCase(),
    );
  }

  /** The meeting of this id, whoever's (deleted ones are flagged); undefined if none was made. */
  meeting(id: string): StandInMeeting | undefined {
    return this.state.meetings[id];
  }

  /** Deletes the account's meeting; false when it has no such meeting (any more). */
  deleteMeeting(account: string, id: string): boolean {
    const meeting = this.state.meetings[id];
    if (!meeting || meeting.deleted || meeting.account.toLowerCase() !== account.toLowerCase()) return false;
    meeting.deleted = true;
    this.persist();
    return true;
  }

  addScheduledEvent(event: Omit<StandInScheduledEvent, 'uuid' | 'inviteeUuid' | 'createdAt'>): StandInScheduledEvent {
    const stored: StandInScheduledEvent = {
      ...event,
      user: event.user.toLowerCase(),
      uuid: randomUUID(),
      inviteeUuid: randomUUID(),
      createdAt: new Date().toISOString(),
    };
    this.state.scheduledEvents[stored.uuid] = stored;
    this.persist();
    return stored;
  }

  scheduledEvent(uuid: string): StandInScheduledEvent | undefined {
    return this.state.scheduledEvents[uuid];
  }

  releaseAll() {
    for (const releases of this.releases.values()) for (const release of releases) release();
    this.releases.clear();
  }
}
