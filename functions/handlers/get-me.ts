import { dynamoProfileStore } from '../data/profile-store';
import { profileNotFound, toProfileView } from '../domain/profile';
import { httpHandler } from '../http/handler';

export const handler = httpHandler({ auth: true }, async ({ caller }) => {
  const profile = await dynamoProfileStore.get(caller.userId);
  if (!profile) throw profileNotFound();
  return { status: 200, body: toProfileView(profile) };
});
