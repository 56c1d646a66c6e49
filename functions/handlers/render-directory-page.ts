import { renderDirectoryPage } from '../../web/src/prerender';
import { directoryListing } from '../data/directory-listing';
import { httpHandler } from '../http/handler';
import { validate } from '../http/validate';
import { renderedPage, requestedUrl } from '../http/render-page';
import { coachListQuery } from '../schemas/coach';

/** `GET /coaches`: the directory with the first page of mentors for the URL's filters. */
export const handler = httpHandler({}, async ({ event }) =>
  renderedPage('coaches', (config) =>
    renderDirectoryPage(requestedUrl(event), config, (filters) =>
      directoryListing(validate(coachListQuery, filters, 'query')),
    ),
  ),
);
