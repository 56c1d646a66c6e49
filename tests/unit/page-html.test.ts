import { describe, expect, it } from 'vitest';
import { QUERY_STATE_ELEMENT_ID, renderedInto, withPageMarkup } from '../../functions/domain/page-html';
import { inlineRuntimeConfig, jsonDataBlockIn, runtimeConfigIn } from '../../functions/schemas/runtime-config-html';
import { isPagePath } from '../../bin/local/route-matcher';

const shell =
  '<html><head><meta name="description" content="Site" /><title>Physician Mentors</title></head><body><div id="root"></div><script src="/start.js"></script></body></html>';
/** A deployed template: the loading state between its markers, the config inlined. */
const template = inlineRuntimeConfig(
  withPageMarkup(shell, '<main><p>Loading coach details...</p></main>'),
  JSON.stringify({ stage: 'dev', supportEmail: 'help@example.org' }),
);

const stateOf = (html: string) => jsonDataBlockIn(html, QUERY_STATE_ELEMENT_ID);

describe('a page rendered with its data into its template', () => {
  it('replaces the loading state, keeps the rest of the page, and takes the page head', () => {
    const html = renderedInto(template, {
      html: '<main><h1>Dana Reyes $&</h1></main>',
      head: { title: 'Dana Reyes · Mentor · Physician Mentors', description: 'Cardiology "and" more' },
      queryState: { queries: [] },
    });
    expect(html).toContain('<div id="root"><!--page--><main><h1>Dana Reyes $&</h1></main><!--/page--></div>');
    expect(html).not.toContain('Loading coach details');
    expect(html).toContain('<title>Dana Reyes · Mentor · Physician Mentors</title>');
    expect(html).toContain('<meta name="description" content="Cardiology &quot;and&quot; more"');
    expect(html).toContain('<script src="/start.js"></script>');
    expect(runtimeConfigIn(html)).toEqual({ stage: 'dev', supportEmail: 'help@example.org' });
  });

  it('carries its query cache after #root, where no text of a profile can close the script element', () => {
    const queryState = { queries: [{ state: { data: { bio: '</script><script>alert(1)</script>' } } }] };
    const html = renderedInto(template, { html: '<main></main>', head: {}, queryState });
    expect(html).toMatch(/<!--\/page--><\/div><script type="application\/json" id="query-state">/);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(stateOf(html)).toEqual(queryState);
  });

  it('carries no query cache when it was rendered without one', () => {
    expect(stateOf(renderedInto(template, { html: '<main></main>', head: {} }))).toBeUndefined();
  });

  it('refuses a template that marks no prerendered markup', () => {
    expect(() => renderedInto(shell, { html: '', head: {} })).toThrow(/marks no prerendered markup/);
  });

  it('reads back the config the deploy inlined, and refuses a page without one', () => {
    expect(() => runtimeConfigIn(shell)).toThrow(/no runtime config/);
  });
});

describe('the paths CloudFront sends to the page routes', () => {
  it('are the directory and every path below it, as the behaviours /coaches and /coaches/?* match', () => {
    expect(isPagePath('/coaches')).toBe(true);
    expect(isPagePath('/coaches/1f8d3a6c-e24b-4907-a3d8-6b5c0e9f7a21')).toBe(true);
    expect(isPagePath('/coaches/a/b')).toBe(true);
    expect(isPagePath('/coachesx')).toBe(false);
    // No route matches an empty mentor id: the SPA answers it with the directory.
    expect(isPagePath('/coaches/')).toBe(false);
    expect(isPagePath('/api/coaches')).toBe(false);
    expect(isPagePath('/')).toBe(false);
  });
});
