import { directoryListing } from '../http/directory-listing';
import { httpHandler } from '../http/handler';
import { validate } from '../http/validate';
import type { RenderedPage } from '../domain/page-html';
import { renderedPage, requestedUrl } from '../http/render-page';
import { type CoachList, coachListQuery } from '../schemas/coach';
import type { RuntimeConfig } from '../schemas/config';

/**
 * The SPA's render of the directory (web/src/prerender.tsx), which the function's entry passes in:
 * it reads the URL's filters as the directory screen does and asks `readList` for their first page.
 */
export type DirectoryPageRender = (
  url: URL,
  config: RuntimeConfig,
  readList: (filters: unknown) => Promise<CoachList>,
) => Promise<RenderedPage>;

/** `GET /coaches`: the directory with the first page of mentors for the URL's filters. */
export const directoryPageHandler = (renderDirectoryPage: DirectoryPageRender) =>
  httpHandler({}, async ({ event }) =>
    renderedPage('coaches', (config) =>
      renderDirectoryPage(requestedUrl(event), config, (filters) =>
        directoryListing(validate(coachListQuery, filters, 'query')),
      ),
    ),
  );
