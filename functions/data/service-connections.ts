import type { OAuthConsent } from '../domain/oauth-consent';
import { deleteItem, getItem, isConditionFailure, putItem, transact } from './dynamo';
import { keys } from './keys';
import type { MeetingTokens } from '../domain/ports';
import { tokenCipher } from '../runtime/ports/token-cipher';

/**
 * A coach's OAuth connections to third parties (Zoom for meetings, Calendly for the external
 * calendar): the consent in flight, then the tokens in an item of their own, encrypted with the
 * stack's token key (adapters/token-cipher.ts, as the calendars' are), and a flag on the profile.
 */
export type ConnectedService = 'zoom' | 'calendly';

/** The tokens of any connected service; `account` names the provider's user where the provider says so. */
export interface ServiceTokens extends MeetingTokens {
  account?: string;
}

const SERVICES = {
  zoom: { consent: keys.meetingConsent, connection: keys.meetingConnection, profileFlag: 'zoomConnected' },
  calendly: { consent: keys.calendarConsent, connection: keys.calendarConnection, profileFlag: 'calendlyConnected' },
} as const;

/** A consent must come back within this long. */
const CONSENT_SECONDS = 10 * 60;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Remembers the consent that carries `state`: its user, PKCE verifier and browser binding. */
export async function rememberConsent(service: ConnectedService, state: string, consent: OAuthConsent, now: Date) {
  await putItem(
    { ...SERVICES[service].consent(state), ...consent, expiresAt: epochSeconds(now) + CONSENT_SECONDS },
    { ConditionExpression: 'attribute_not_exists(pk)' },
  );
}

/** The consent of this state, once: the state is deleted as it is read. Null if unknown or stale. */
export async function takeConsent(service: ConnectedService, state: string, now: Date): Promise<OAuthConsent | null> {
  const taken = await deleteItem<OAuthConsent & { expiresAt: number }>(SERVICES[service].consent(state), {
    ReturnValues: 'ALL_OLD',
  });
  if (!taken || taken.expiresAt < epochSeconds(now)) return null;
  const { userId, codeVerifier, browserHash } = taken;
  return { userId, codeVerifier, browserHash };
}

const tokenContext = (service: ConnectedService, userId: string) => ({ purpose: service, userId });

/** `expiresAt` is the table's TTL attribute, so the token's own expiry is stored under another name. */
const tokenItem = async (service: ConnectedService, userId: string, tokens: ServiceTokens, now: Date) => ({
  ...SERVICES[service].connection(userId),
  tokens: await tokenCipher().encrypt(
    JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
    tokenContext(service, userId),
  ),
  accessTokenExpiresAt: tokens.expiresAt,
  ...(tokens.account ? { account: tokens.account } : {}),
  updatedAt: now.toISOString(),
});

/** Stores the tokens and marks the profile as connected, together. */
export async function saveServiceTokens(
  service: ConnectedService,
  userId: string,
  tokens: ServiceTokens,
  now: Date,
): Promise<void> {
  await transact([
    { Put: { Item: await tokenItem(service, userId, tokens, now) } },
    {
      Update: {
        Key: keys.profile(userId),
        UpdateExpression: `SET ${SERVICES[service].profileFlag} = :true, updatedAt = :now`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':true': true, ':now': now.toISOString() },
      },
    },
  ]);
}

/** Keeps refreshed tokens; the connection itself is unchanged. */
export async function updateServiceTokens(
  service: ConnectedService,
  userId: string,
  tokens: ServiceTokens,
  now: Date,
): Promise<void> {
  await putItem(await tokenItem(service, userId, tokens, now));
}

/**
 * The provider refused the grant for good (invalid_grant): its tokens are deleted and the profile is
 * no longer connected, together, unless the tokens changed since they were read (a refresh by another
 * run, or a reconnect). True for the one caller that dropped them.
 */
export async function dropRevokedServiceTokens(
  service: ConnectedService,
  userId: string,
  tokens: ServiceTokens,
  now: Date,
): Promise<boolean> {
  try {
    await transact([
      {
        Delete: {
          Key: SERVICES[service].connection(userId),
          ConditionExpression: 'accessTokenExpiresAt = :read',
          ExpressionAttributeValues: { ':read': tokens.expiresAt },
        },
      },
      {
        Update: {
          Key: keys.profile(userId),
          UpdateExpression: `SET ${SERVICES[service].profileFlag} = :false, updatedAt = :now`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':false': false, ':now': now.toISOString() },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function serviceTokensOf(service: ConnectedService, userId: string): Promise<ServiceTokens | null> {
  const stored = await getItem(SERVICES[service].connection(userId), { ConsistentRead: true });
  if (!stored) return null;
  // Written before the tokens were encrypted: read as they are, and sealed by the next refresh's write.
  const { accessToken, refreshToken } =
    typeof stored.tokens === 'string'
      ? (JSON.parse(await tokenCipher().decrypt(stored.tokens, tokenContext(service, userId))) as {
          accessToken: string;
          refreshToken: string;
        })
      : { accessToken: stored.accessToken as string, refreshToken: stored.refreshToken as string };
  return {
    accessToken,
    refreshToken,
    expiresAt: stored.accessTokenExpiresAt as string,
    ...(typeof stored.account === 'string' ? { account: stored.account } : {}),
  };
}
