import { identityFromEnvironment } from '../adapters/identity';
import { dynamoProfileStore } from '../data/profile-store';
import { DomainError } from '../domain/errors';
import { profileFromIdentity } from '../domain/profile';
import { toProfileView } from '../http/views/profile';
import { bearerToken } from '../http/caller';
import { httpHandler } from '../http/handler';
import { firstSignIn } from '../schemas/profile';

/**
 * The first sign-in through a third-party provider creates the profile from the account's own
 * attributes; calling it again, or after e-mail sign-up, answers with the profile already there.
 */
export const handler = httpHandler(
  { auth: true, schemas: { body: firstSignIn } },
  async ({ body, caller, event, now }) => {
    const existing = await dynamoProfileStore.get(caller.userId);
    if (existing) return { status: 200, body: toProfileView(existing) };
    const user = await identityFromEnvironment().userInfo(bearerToken(event));
    if (user.sub !== caller.userId) throw new DomainError('UNAUTHORIZED', 'Sign in to continue.');
    const { profile, created } = await dynamoProfileStore.createOnce(profileFromIdentity(user, now, body.timezone));
    return { status: created ? 201 : 200, body: toProfileView(profile) };
  },
);
