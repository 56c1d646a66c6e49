import { dynamoProfileStore } from '../data/profile-store';
import { applyProfileUpdate, profileNotFound, toProfileView } from '../domain/profile';
import { httpHandler } from '../http/handler';
import { profileUpdate } from '../schemas/profile';

export const handler = httpHandler({ schemas: { body: profileUpdate }, auth: true }, async ({ body, caller, now }) => {
  const profile = await dynamoProfileStore.update(caller.userId, (current) => applyProfileUpdate(current, body, now));
  if (!profile) throw profileNotFound();
  return { status: 200, body: toProfileView(profile) };
});
