import { describe, expect, it } from 'vitest';
import { pageWithRuntimeConfig, runtimeConfigPlaceholder } from '../../functions/schemas/runtime-config-html';
import { PRERENDERED_PAGES, type PrerenderedPath, prerenderedFile } from '../../lib/prerendered-pages';
import { SPA_FALLBACK_CODE } from '../../lib/site-headers';
import { pageHtml } from '../../scripts/prerender-plugin';

/** The viewer-request function exactly as CloudFront runs it. */
const viewerRequest = new Function(`${SPA_FALLBACK_CODE}; return handler;`)() as (event: {
  request: { uri: string };
}) => { uri: string };

const servedFile = (uri: string) => viewerRequest({ request: { uri } }).uri;

describe('the CloudFront function', () => {
  it.each(Object.keys(PRERENDERED_PAGES) as PrerenderedPath[])('serves %s its prerendered page', (path) => {
    expect(servedFile(path)).toBe(prerenderedFile(path));
  });

  it('gives every other client route the SPA shell, and assets themselves', () => {
    expect(servedFile('/about/team')).toBe('/index.html');
    expect(servedFile('/images/photo.png')).toBe('/images/photo.png');
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
    expect(html).toContain('<div id="root"><!--page--><h1>About $&</h1><!--/page--></div>');
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

  it('refuses a shell it cannot prerender into', () => {
    expect(() =>
      pageHtml(shell.replace('<div id="root"></div>', '<div id="root">x</div>'), { html: '', head: {} }),
    ).toThrow(/no empty #root/);
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
