import { coachPageHandler } from '@functions/handlers/render-coach-page';
import { renderCoachPage } from '../prerender';

/** The renderCoachPage function's entry: the handler (functions/) rendering with the SPA, which nothing in functions/ imports. */
export const handler = coachPageHandler(renderCoachPage);
