import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { publicationUpdate } from '../schemas/coach-settings';
import { setPublished } from '../workflows/directory/publication';

/** `PUT /api/me/publication {published}`: the mentor's profile in or out of the directory. */
export const handler = httpHandler(
  { schemas: { body: publicationUpdate }, auth: true },
  async ({ body, caller, now }) => {
    await setPublished(await requireMentor(caller), body.published, now);
    return { status: 200, body: { published: body.published } };
  },
);
