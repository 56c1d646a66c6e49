import { mediaStoreFromEnvironment } from '../adapters/media';
import { dynamoProfileStore } from '../data/profile-store';
import { removeHeadshot } from '../domain/headshot';
import { toProfileView } from '../http/views/profile';
import { httpHandler } from '../http/handler';

export const handler = httpHandler({ auth: true }, async ({ caller, now }) => {
  const profile = await removeHeadshot(
    { media: mediaStoreFromEnvironment(), profiles: dynamoProfileStore },
    caller.userId,
    now,
  );
  return { status: 200, body: toProfileView(profile) };
});
