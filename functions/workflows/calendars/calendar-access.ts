import { AccessTokenRejectedError, GrantRevokedError } from '../../adapters/calendar-providers';
import {
  type CalendarConnectionItem,
  calendarConnection,
  markReauthRequired,
  updateCalendarTokens,
} from '../../data/calendar-connections';
import { DomainError } from '../../domain/errors';
import type { CalendarProvider, CalendarProviderId, ProviderTokens } from '../../domain/ports';
import { calendarProvider } from '../../runtime/ports/calendars';
import { tokenCipher } from '../../runtime/ports/token-cipher';

/**
 * A mentor's calendar tokens: kept encrypted, refreshed over the version read, and opened only to
 * make one call to the provider.
 */

export function providerOf(id: CalendarProviderId): CalendarProvider {
  const provider = calendarProvider(id);
  if (!provider)
    throw new DomainError('PROVIDER_NOT_CONFIGURED', 'This calendar provider is not available on this site yet.');
  return provider;
}

const tokenContext = (userId: string, provider: CalendarProviderId) => ({
  purpose: 'mentor-calendar',
  userId,
  provider,
});

export const sealTokens = (userId: string, provider: CalendarProviderId, tokens: ProviderTokens) =>
  tokenCipher().encrypt(
    JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
    tokenContext(userId, provider),
  );

export async function openTokens(item: CalendarConnectionItem): Promise<ProviderTokens> {
  const opened = JSON.parse(await tokenCipher().decrypt(item.tokens, tokenContext(item.userId, item.provider))) as {
    accessToken: string;
    refreshToken: string;
  };
  return { ...opened, expiresAt: item.accessTokenExpiresAt };
}

export async function existingConnection(userId: string, provider: CalendarProviderId) {
  const item = await calendarConnection(userId, provider);
  if (!item) throw new DomainError('NOT_FOUND', 'This calendar is not connected.');
  return item;
}

/** Keeps refreshed tokens over the version read; when another function refreshed first, takes its tokens. */
async function refreshTokens(item: CalendarConnectionItem, tokens: ProviderTokens, now: Date) {
  const provider = providerOf(item.provider);
  let refreshed: ProviderTokens;
  try {
    refreshed = await provider.refresh(tokens.refreshToken);
  } catch (error) {
    if (error instanceof GrantRevokedError) {
      const latest = await calendarConnection(item.userId, item.provider);
      // A refresh token another function already rotated away (Microsoft) is not a revoked grant.
      if (latest && latest.version !== item.version) return { item: latest, tokens: await openTokens(latest) };
      await markReauthRequired(item, now);
    }
    throw error;
  }
  const sealed = await sealTokens(item.userId, item.provider, refreshed);
  if (await updateCalendarTokens(item, sealed, refreshed.expiresAt, now)) {
    return {
      item: { ...item, tokens: sealed, accessTokenExpiresAt: refreshed.expiresAt, version: item.version + 1 },
      tokens: refreshed,
    };
  }
  const latest = await existingConnection(item.userId, item.provider);
  return { item: latest, tokens: await openTokens(latest) };
}

/**
 * Runs `call` with a working access token: refreshed first when it has expired, and once more
 * when the provider refuses it. `invalid_grant` marks the connection `reauth_required`.
 */
export async function withAccess<T>(
  start: CalendarConnectionItem,
  now: Date,
  call: (provider: CalendarProvider, accessToken: string) => Promise<T>,
): Promise<T> {
  const provider = providerOf(start.provider);
  let item = start;
  let tokens = await openTokens(item);
  if (new Date(tokens.expiresAt) <= now) ({ item, tokens } = await refreshTokens(item, tokens, now));
  try {
    return await call(provider, tokens.accessToken);
  } catch (error) {
    if (!(error instanceof AccessTokenRejectedError)) throw error;
    ({ tokens } = await refreshTokens(item, tokens, now));
    return call(provider, tokens.accessToken);
  }
}
