import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MeetingTokens } from '../adapters/meetings';
import { db, tableName } from './client';
import { keys } from './keys';

/** A Zoom consent must come back within this long. */
const CONSENT_SECONDS = 10 * 60;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Remembers which user started the consent that carries `state`. */
export async function rememberMeetingConsent(userId: string, state: string, now: Date): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.meetingConsent(state), userId, expiresAt: epochSeconds(now) + CONSENT_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The user who started this consent, once: the state is deleted as it is read. Null if unknown or stale. */
export async function takeMeetingConsent(state: string, now: Date): Promise<string | null> {
  const { Attributes } = await db().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.meetingConsent(state), ReturnValues: 'ALL_OLD' }),
  );
  if (!Attributes || (Attributes.expiresAt as number) < epochSeconds(now)) return null;
  return Attributes.userId as string;
}

/** `expiresAt` is the table's TTL attribute, so the token's own expiry is stored under another name. */
const tokenItem = (userId: string, tokens: MeetingTokens, now: Date) => ({
  ...keys.meetingConnection(userId),
  accessToken: tokens.accessToken,
  refreshToken: tokens.refreshToken,
  accessTokenExpiresAt: tokens.expiresAt,
  updatedAt: now.toISOString(),
});

/** Stores the tokens and marks the profile as connected, together. */
export async function saveMeetingTokens(userId: string, tokens: MeetingTokens, now: Date): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: tokenItem(userId, tokens, now) } },
        {
          Update: {
            TableName: tableName(),
            Key: keys.profile(userId),
            UpdateExpression: 'SET zoomConnected = :true, updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':true': true, ':now': now.toISOString() },
          },
        },
      ],
    }),
  );
}

/** Keeps refreshed tokens; the connection itself is unchanged. */
export async function updateMeetingTokens(userId: string, tokens: MeetingTokens, now: Date): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: tokenItem(userId, tokens, now) }));
}

export async function meetingTokensOf(userId: string): Promise<MeetingTokens | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.meetingConnection(userId), ConsistentRead: true }),
  );
  if (!Item) return null;
  return {
    accessToken: Item.accessToken as string,
    refreshToken: Item.refreshToken as string,
    expiresAt: Item.accessTokenExpiresAt as string,
  };
}
