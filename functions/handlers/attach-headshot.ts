import { renderHeadshotVariants } from '../adapters/image';
import { dynamoProfileStore } from '../data/profile-store';
import { attachHeadshot } from '../domain/headshot';
import { toProfileView } from '../http/views/profile';
import { httpHandler } from '../http/handler';
import { attachHeadshotRequest } from '../schemas/profile';
import { media } from '../runtime/ports/media';

export const handler = httpHandler(
  { schemas: { body: attachHeadshotRequest }, auth: true },
  async ({ body, caller, now }) => {
    const services = {
      media: media(),
      profiles: dynamoProfileStore,
      renderVariants: renderHeadshotVariants,
    };
    const profile = await attachHeadshot(services, caller.userId, body.key, now);
    return { status: 200, body: toProfileView(profile) };
  },
);
