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
  '/coaches': 'coaches',
} as const;

/**
 * Paths one segment below a prefix that share one prerendered page, rendered for a placeholder
 * segment: `/coaches/<id>` gets the coach page as it looks while the mentor loads.
 */
export const PRERENDERED_PREFIXES = {
  '/coaches/': 'coach',
} as const;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;
export type PrerenderedPage =
  | (typeof PRERENDERED_PAGES)[PrerenderedPath]
  | (typeof PRERENDERED_PREFIXES)[keyof typeof PRERENDERED_PREFIXES];

/** The segment a prefix's page is rendered for; no real id looks like it. */
const PLACEHOLDER_SEGMENT = '_prerendered';

/** Beside the SPA shell (index.html), which every other client route keeps getting. */
export const prerenderedFileOf = (page: PrerenderedPage) => `/prerendered/${page}.html`;

export const prerenderedFile = (path: PrerenderedPath) => prerenderedFileOf(PRERENDERED_PAGES[path]);

/** Every prerendered page with the site path it is rendered for. */
export function prerenderedRenders(): { page: PrerenderedPage; path: string }[] {
  return [
    ...Object.entries(PRERENDERED_PAGES).map(([path, page]) => ({ page, path })),
    ...Object.entries(PRERENDERED_PREFIXES).map(([prefix, page]) => ({
      page,
      path: `${prefix}${PLACEHOLDER_SEGMENT}`,
    })),
  ];
}

const filesOf = (pages: Record<string, PrerenderedPage>): Record<string, string> =>
  Object.fromEntries(Object.entries(pages).map(([key, page]) => [key, prerenderedFileOf(page)]));

/** Site path → file in the build, for every prerendered page with a path of its own. */
export const prerenderedFiles = () => filesOf(PRERENDERED_PAGES);

/** Path prefix → file in the build, for the pages shared by every path one segment below a prefix. */
export const prerenderedPrefixFiles = () => filesOf(PRERENDERED_PREFIXES);

/** Every prerendered file in the build. */
export const allPrerenderedFiles = (): string[] => prerenderedRenders().map(({ page }) => prerenderedFileOf(page));
