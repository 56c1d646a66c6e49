import { mentorNotFound, publishedCoach } from '../http/directory';
import { httpHandler } from '../http/handler';
import type { RenderedPage } from '../domain/page-html';
import { renderedPage, requestedUrl } from '../http/render-page';
import { type Coach, coachPath } from '../schemas/coach';
import type { RuntimeConfig } from '../schemas/config';

/** The SPA's render of a coach's page (web/src/prerender.tsx), which the function's entry passes in. */
export type CoachPageRender = (url: URL, config: RuntimeConfig, found: Coach) => Promise<RenderedPage>;

/** `GET /coaches/{coachId+}`: a mentor's page with the mentor's details; an id no mentor can have, or a deeper path, is not found, as a page. */
export const coachPageHandler = (renderCoachPage: CoachPageRender) =>
  httpHandler({}, async ({ event }) =>
    renderedPage('coach', async (config) => {
      const path = coachPath.safeParse(event.pathParameters ?? {});
      if (!path.success) throw mentorNotFound();
      return renderCoachPage(requestedUrl(event), config, await publishedCoach(path.data.coachId));
    }),
  );
