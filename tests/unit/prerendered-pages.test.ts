import { describe, expect, it } from 'vitest';
import { pageWithRuntimeConfig, runtimeConfigPlaceholder } from '../../functions/schemas/runtime-config-html';
import {
  PRERENDERED_PAGES,
  type PrerenderedPath,
  prerenderedFile,
  prerenderedFileOf,
} from '../../lib/prerendered-pages';
import { SPA_FALLBACK_CODE } from '../../lib/site-headers';
import type { Rollup } from 'vite';
import { chunksOf, pageHtml } from '../../scripts/prerender-plugin';

/** The viewer-request function exactly as CloudFront runs it. */
const viewerRequest = new Function(`${SPA_FALLBACK_CODE}; return handler;`)() as (event: {
  request: { uri: string };
}) => { uri: string };

const servedFile = (uri: string) => viewerRequest({ request: { uri } }).uri;

describe('the CloudFront function', () => {
  it.each(Object.keys(PRERENDERED_PAGES) as PrerenderedPath[])('serves %s its prerendered page', (path) => {
    expect(servedFile(path)).toBe(prerenderedFile(path));
  });

  it('serves every path one segment below a prerendered prefix its shared page', () => {
    expect(servedFile('/coaches/1f8d3a6c-e24b-4907-a3d8-6b5c0e9f7a21')).toBe(prerenderedFileOf('coach'));
    expect(servedFile('/coaches/abc')).toBe(prerenderedFileOf('coach'));
  });

  it('gives every other client route the SPA shell, and assets themselves', () => {
    expect(servedFile('/coaches/')).toBe('/index.html');
    expect(servedFile('/coaches/abc/reviews')).toBe('/index.html');
    expect(servedFile('/about/team')).toBe('/index.html');
    expect(servedFile('/coaches/photo.png')).toBe('/coaches/photo.png');
    expect(servedFile('/login')).toBe('/index.html');
    expect(servedFile('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(servedFile('/prerendered/home.html')).toBe('/prerendered/home.html');
  });

  it('maps no path from the object prototype', () => {
    expect(servedFile('constructor')).toBe('/index.html');
    expect(servedFile('/__proto__')).toBe('/index.html');
    expect(servedFile('/__proto__/x')).toBe('/index.html');
  });
});

describe('a prerendered page', () => {
  const shell =
    '<html><head><meta name="description" content="Site" /><title>Physician Mentors</title><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/react-abc.js"></head><body><div id="root"></div></body></html>';

  it('carries the page inside #root with its own title and description, escaped', () => {
    const html = pageHtml(shell, {
      html: '<h1>About $&</h1>',
      head: { title: 'About · Physician Mentors', description: 'Our "mission" & story' },
    });
    expect(html).toContain('<div id="root"><h1>About $&</h1></div>');
    expect(html).toContain('<title>About · Physician Mentors</title>');
    expect(html).toContain('<meta name="description" content="Our &quot;mission&quot; &amp; story"');
  });

  it('starts the app only after the page has painted', () => {
    const html = pageHtml(shell, { html: '', head: {} });
    expect(html).toContain(
      '<script type="module" src="/start-after-paint.js" data-app-entry="/assets/index-abc.js"></script>',
    );
    expect(html).not.toContain('<script type="module" crossorigin src=');
    expect(html).not.toContain('modulepreload');
  });

  it("has a data screen's code requested at once at low priority, the entry's and the screen's", () => {
    const html = pageHtml(shell, { html: '', head: {} }, ['assets/directory-abc.js', 'assets/react-abc.js']);
    expect(html).toContain(
      '<script type="module" src="/start-after-paint.js" data-app-entry="/assets/index-abc.js"></script>',
    );
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([link]) => link);
    expect(preloads).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-abc.js" fetchpriority="low">',
      '<link rel="modulepreload" crossorigin href="/assets/directory-abc.js" fetchpriority="low">',
    ]);
  });

  it('refuses a shell it cannot prerender into', () => {
    expect(() => pageHtml('<div id="root">x</div>', { html: '', head: {} })).toThrow(/no empty #root/);
    expect(() => pageHtml('<div id="root"></div>', { html: '', head: {} })).toThrow(/no module script/);
  });

  it('gets the deployment config in place of its placeholders, escaped, and inlined for the SPA', () => {
    const page = `<html><head></head><body><a href="mailto:${runtimeConfigPlaceholder('supportEmail')}">x</a></body></html>`;
    const html = pageWithRuntimeConfig(page, { supportEmail: 'help+"x"@example.org' });
    expect(html).toContain('<a href="mailto:help+&quot;x&quot;@example.org">');
    expect(html).toContain(
      '<script type="application/json" id="runtime-config">{"supportEmail":"help+\\"x\\"@example.org"}</script>',
    );
  });
});

describe("a data screen's chunks", () => {
  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) =>
    ({ type: 'chunk', fileName, facadeModuleId, imports }) as unknown as Rollup.OutputChunk;
  const bundle = {
    a: chunk('assets/directory-1.js', '/web/src/features/directory/routes/directory.tsx', ['assets/zod-1.js']),
    b: chunk('assets/zod-1.js', null, ['assets/runtime-1.js']),
    c: chunk('assets/runtime-1.js', null),
    d: chunk('assets/settings-1.js', '/web/src/features/settings/routes/settings.tsx', ['assets/zod-1.js']),
  } as Rollup.OutputBundle;

  it('are its route modules and everything they import statically, transitively', () => {
    expect(chunksOf(bundle, '/web', ['src/features/directory/routes/directory.tsx'])).toEqual([
      'assets/directory-1.js',
      'assets/zod-1.js',
      'assets/runtime-1.js',
    ]);
  });

  it('cannot be found for a module the build no longer splits off', () => {
    expect(() => chunksOf(bundle, '/web', ['src/features/directory/routes/gone.tsx'])).toThrow(/No chunk/);
  });
});
