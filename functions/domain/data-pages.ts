/** The screens a page function renders with their data (functions/http/render-page.ts). */
export const DATA_PAGES = ['coaches', 'coach'] as const;
export type DataPage = (typeof DATA_PAGES)[number];

/** Where the build writes a prerendered page; the deploy puts it at the same key of the site bucket. */
export const prerenderedFileOf = (page: string) => `/prerendered/${page}.html`;
