import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MeetingTokens } from '../adapters/meetings';
import { tokenCipherFromEnvironment } from '../adapters/token-cipher';
import { db, tableName } from './client';
import { keys } from './keys';

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

/** Remembers which user started the consent that carries `state`. */
export async function rememberConsent(service: ConnectedService, userId: string, state: string, now: Date) {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...SERVICES[service].consent(state), userId, expiresAt: epochSeconds(now) + CONSENT_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The user who started this consent, once: the state is deleted as it is read. Null if unknown or stale. */
export async function takeConsent(service: ConnectedService, state: string, now: Date): Promise<string | null> {
  const { Attributes } = await db().send(
    new DeleteCommand({ TableName: tableName(), Key: SERVICES[service].consent(state), ReturnValues: 'ALL_OLD' }),
  );
  if (!Attributes || (Attributes.expiresAt as number) < epochSeconds(now)) return null;
  return Attributes.userId as string;
}

const tokenContext = (service: ConnectedService, userId: string) => ({ purpose: service, userId });

/** `expiresAt` is the table's TTL attribute, so the token's own expiry is stored under another name. */
const tokenItem = async (service: ConnectedService, userId: string, tokens: ServiceTokens, now: Date) => ({
  ...SERVICES[service].connection(userId),
  tokens: await tokenCipherFromEnvironment().encrypt(
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
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: await tokenItem(service, userId, tokens, now) } },
        {
          Update: {
            TableName: tableName(),
            Key: keys.profile(userId),
            UpdateExpression: `SET ${SERVICES[service].profileFlag} = :true, updatedAt = :now`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':true': true, ':now': now.toISOString() },
          },
        },
      ],
    }),
  );
}

/** Keeps refreshed tokens; the connection itself is unchanged. */
export async function updateServiceTokens(
  service: ConnectedService,
  userId: string,
  tokens: ServiceTokens,
  now: Date,
): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: await tokenItem(service, userId, tokens, now) }));
}

export async function serviceTokensOf(service: ConnectedService, userId: string): Promise<ServiceTokens | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: SERVICES[service].connection(userId), ConsistentRead: true }),
  );
  if (!Item) return null;
  // Written before the tokens were encrypted: read as they are, and sealed by the next refresh's write.
  const { accessToken, refreshToken } =
    typeof Item.tokens === 'string'
      ? (JSON.parse(await tokenCipherFromEnvironment().decrypt(Item.tokens, tokenContext(service, userId))) as {
          accessToken: string;
          refreshToken: string;
        })
      : { accessToken: Item.accessToken as string, refreshToken: Item.refreshToken as string };
  return {
    accessToken,
    refreshToken,
    expiresAt: Item.accessTokenExpiresAt as string,
    ...(typeof Item.account === 'string' ? { account: Item.account } : {}),
  };
}
