import { dynamoProfileStore } from '../data/profile-store';
import { applyProfileUpdate, nameChanged } from '../domain/profile';
import { profileNotFound } from '../domain/profile-item';
import { toProfileView } from '../http/views/profile';
import { httpHandler } from '../http/handler';
import { profileUpdate } from '../schemas/profile';
import { checkAgainUnderNewName } from '../workflows/verification/npi-checks';

export const handler = httpHandler({ schemas: { body: profileUpdate }, auth: true }, async ({ body, caller, now }) => {
  let renamed = false;
  const profile = await dynamoProfileStore.update(caller.userId, (current) => {
    const next = applyProfileUpdate(current, body, now);
    renamed = nameChanged(current, next);
    return next;
  });
  if (!profile) throw profileNotFound();
  if (renamed) await checkAgainUnderNewName(caller.userId, now);
  return { status: 200, body: toProfileView(profile) };
});
