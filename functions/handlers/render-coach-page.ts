import { renderCoachPage } from '../../web/src/prerender';
import { mentorNotFound, publishedCoach } from '../data/coaches';
import { httpHandler } from '../http/handler';
import { renderedPage, requestedUrl } from '../http/render-page';
import { coachPath } from '../schemas/coach';

/** `GET /coaches/{coachId+}`: a mentor's page with the mentor's details; an id no mentor can have, or a deeper path, is not found, as a page. */
export const handler = httpHandler({}, async ({ event }) =>
  renderedPage('coach', async (config) => {
    const path = coachPath.safeParse(event.pathParameters ?? {});
    if (!path.success) throw mentorNotFound();
    return renderCoachPage(requestedUrl(event), config, await publishedCoach(path.data.coachId));
  }),
);
