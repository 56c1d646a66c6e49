import { type DataPage, prerenderedFileOf } from '../functions/domain/data-pages';

/**
 * The pages whose HTML is rendered at build time (web/src/prerender.tsx, run by vite.config.ts), so
 * something paints before any script has loaded. Each maps to its own file in the build; the
 * CloudFront function (site-headers.ts) serves that file for its path.
 */
export const PRERENDERED_PAGES = {
  '/': 'home',
  '/about': 'about',
  '/how-it-works': 'how-it-works',
  '/blog': 'blog',
} as const;

/**
 * The screens the page functions render with their data (the page routes of functions/routes.ts),
 * prerendered as they look while their data loads: the templates those functions render into, each
 * for a path of its route. A coach page is rendered for a segment no real id looks like.
 */
export const DATA_PAGE_PATHS: Record<DataPage, string> = {
  coaches: '/coaches',
  coach: '/coaches/_prerendered',
};

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;
export type PrerenderedPage = (typeof PRERENDERED_PAGES)[PrerenderedPath] | DataPage;

export { prerenderedFileOf };

export const prerenderedFile = (path: PrerenderedPath) => prerenderedFileOf(PRERENDERED_PAGES[path]);

/** Every prerendered page with the site path it is rendered for. */
export function prerenderedRenders(): { page: PrerenderedPage; path: string }[] {
  return [
    ...Object.entries(PRERENDERED_PAGES).map(([path, page]) => ({ page, path })),
    ...Object.entries(DATA_PAGE_PATHS).map(([page, path]) => ({ page: page as DataPage, path })),
  ];
}

/** Site path → file in the build, for every page the CloudFront function serves from the bucket. */
export const prerenderedFiles = (): Record<string, string> =>
  Object.fromEntries(Object.entries(PRERENDERED_PAGES).map(([path, page]) => [path, prerenderedFileOf(page)]));

/** Every prerendered file in the build. */
export const allPrerenderedFiles = (): string[] => prerenderedRenders().map(({ page }) => prerenderedFileOf(page));
