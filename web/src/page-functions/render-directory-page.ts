import { directoryPageHandler } from '@functions/handlers/render-directory-page';
import { renderDirectoryPage } from '../prerender';

/** The renderDirectoryPage function's entry: the handler (functions/) rendering with the SPA, which nothing in functions/ imports. */
export const handler = directoryPageHandler(renderDirectoryPage);
