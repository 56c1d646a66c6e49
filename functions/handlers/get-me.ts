import { keepConfirmedProfile } from '../data/accounts';
import { dynamoProfileStore } from '../data/profile-store';
import { profileNotFound } from '../domain/profile-item';
import { toProfileView } from '../http/views/profile';
import { httpHandler } from '../http/handler';

/**
 * `GET /api/me`. The SPA asks for it after every sign-in, and only a confirmed account can sign in:
 * so this is where a registration's profile stops expiring (no PostConfirmation trigger: the prod
 * stack is at its resource budget). The one write a GET makes, once per account.
 */
export const handler = httpHandler({ auth: true }, async ({ caller }) => {
  const profile = await dynamoProfileStore.get(caller.userId);
  if (!profile) throw profileNotFound();
  if (profile.expiresAt !== undefined) await keepConfirmedProfile(caller.userId);
  return { status: 200, body: toProfileView(profile) };
});
