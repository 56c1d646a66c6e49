import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The pages anyone may read, as the SPA routes them (web/src/features/marketing and directory). */
export const PUBLIC_PATHS = [
  '/',
  '/coaches',
  '/how-it-works',
  '/about',
  '/blog',
  '/profile/dr-amara-okafor',
  '/privacy',
  '/terms',
] as const;

const ROBOTS_TXT = fileURLToPath(new URL('../web/public/robots.txt', import.meta.url));

/**
 * The sitemap protocol (and robots.txt's `Sitemap:` line) take absolute URLs only, and the site's
 * origin is known only at deploy (a custom domain, or the distribution's own address), so both
 * files are written then; locally the static robots.txt in web/public is served as it is.
 */
export function sitemapXml(siteOrigin: string): string {
  const urls = PUBLIC_PATHS.map((pathname) => `  <url><loc>${siteOrigin}${pathname}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(siteOrigin: string): string {
  return `${readFileSync(ROBOTS_TXT, 'utf8').trimEnd()}\n\nSitemap: ${siteOrigin}/sitemap.xml\n`;
}
