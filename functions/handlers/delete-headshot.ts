import { dynamoProfileStore } from '../data/profile-store';
import { removeHeadshot } from '../domain/headshot';
import { toProfileView } from '../http/views/profile';
import { httpHandler } from '../http/handler';
import { media } from '../runtime/ports/media';

export const handler = httpHandler({ auth: true }, async ({ caller, now }) => {
  const profile = await removeHeadshot({ media: media(), profiles: dynamoProfileStore }, caller.userId, now);
  return { status: 200, body: toProfileView(profile) };
});
