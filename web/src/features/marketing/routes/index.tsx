import type { RouteObject } from 'react-router';
import { COACH_BIO_PATH } from '../coach-bio-path';

/** The public pages; each module loads on first visit, so the initial bundle stays small. */
export const marketingRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./home').then((m) => ({ Component: m.HomePage })) },
  { path: 'about', lazy: () => import('./about').then((m) => ({ Component: m.AboutPage })) },
  { path: 'how-it-works', lazy: () => import('./how-it-works').then((m) => ({ Component: m.HowItWorksPage })) },
  { path: 'blog', lazy: () => import('./blog').then((m) => ({ Component: m.BlogPage })) },
  { path: COACH_BIO_PATH.slice(1), lazy: () => import('./coach-bio').then((m) => ({ Component: m.CoachBioPage })) },
  { path: 'privacy', lazy: () => import('./policy').then((m) => ({ Component: m.PrivacyPage })) },
  { path: 'terms', lazy: () => import('./policy').then((m) => ({ Component: m.TermsPage })) },
];

export const notFoundRoute: RouteObject = {
  path: '*',
  lazy: () => import('@/components/ui/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
};
