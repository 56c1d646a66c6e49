import { LOCAL_ZOOM_CLIENT } from '../../bin/local/zoom-standin';
import { saveServiceTokens } from '../../functions/data/service-connections';
import type { TestStack } from './local-stack';

/**
 * Connects the user's Zoom as the consent page would: a grant of the stack's Zoom stand-in to
 * `account`, its tokens kept as the callback keeps them. Answers the Zoom account.
 */
export async function zoomConnected(stack: TestStack, userId: string, account = `${userId}@zoom.local`) {
  const granted = stack.calendarStandIns.grantWithoutConsent(
    'zoom',
    account,
    LOCAL_ZOOM_CLIENT.clientId,
    'meeting:write:meeting',
  );
  const expiresAt = new Date(Date.now() + granted.expiresIn * 1000 - 60_000).toISOString();
  await saveServiceTokens(
    'zoom',
    userId,
    { accessToken: granted.accessToken, refreshToken: granted.refreshToken, expiresAt },
    new Date(),
  );
  return account;
}
