import { dynamoProfileStore } from '../data/profile-store';
import { bearerToken } from '../http/caller';
import { httpHandler } from '../http/handler';
import { toProfileView } from '../http/views/profile';
import { firstSignIn } from '../schemas/profile';
import { profileOnFirstSignIn } from '../workflows/accounts/first-sign-in';
import { identity } from '../runtime/ports/identity';

/** `POST /api/me {timezone?}` → 201 with the profile made from the account, or 200 with the one already there. */
export const handler = httpHandler(
  { auth: true, schemas: { body: firstSignIn } },
  async ({ body, caller, event, now }) => {
    const { profile, created } = await profileOnFirstSignIn(
      { identity: identity(), profiles: dynamoProfileStore },
      { userId: caller.userId, accessToken: () => bearerToken(event), timezone: body.timezone },
      now,
    );
    return { status: created ? 201 : 200, body: toProfileView(profile) };
  },
);
