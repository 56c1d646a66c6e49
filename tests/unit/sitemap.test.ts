import { describe, expect, it } from 'vitest';
import { PUBLIC_PATHS, robotsTxt, sitemapXml } from '../../lib/sitemap';

const ORIGIN = 'https://mentors.example.org';

describe('sitemap and robots.txt', () => {
  it('lists every public page by its absolute URL', () => {
    const locs = [...sitemapXml(ORIGIN).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PATHS.map((pathname) => `${ORIGIN}${pathname}`));
  });

  it('points robots.txt at the sitemap without disallowing any page it lists', () => {
    const robots = robotsTxt(ORIGIN);
    expect(robots).toContain(`\nSitemap: ${ORIGIN}/sitemap.xml\n`);
    const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1] ?? '');
    expect(disallowed.length).toBeGreaterThan(0);
    for (const pathname of PUBLIC_PATHS) expect(disallowed.some((rule) => pathname.startsWith(rule))).toBe(false);
  });
});
