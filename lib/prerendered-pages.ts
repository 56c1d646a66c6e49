/**
 * The public pages whose HTML is rendered at build time (web/src/prerender.tsx, run by vite.config.ts),
 * so their content paints before any script has loaded. Each path maps to its own file in the build;
 * the CloudFront function (site-headers.ts) serves that file for exactly that path.
 */
export const PRERENDERED_PAGES = {
  '/': 'home',
  '/about': 'about',
  '/how-it-works': 'how-it-works',
  '/blog': 'blog',
} as const;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** Beside the SPA shell (index.html), which every other client route keeps getting. */
export const prerenderedFile = (path: PrerenderedPath) => `/prerendered/${PRERENDERED_PAGES[path]}.html`;

/** Site path → file in the build, for every prerendered page. */
export const prerenderedFiles = (): Record<string, string> =>
  Object.fromEntries(Object.keys(PRERENDERED_PAGES).map((path) => [path, prerenderedFile(path as PrerenderedPath)]));
