import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CloudFrontResponseEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltSite } from '../../bin/local/built-site';
import { DEFAULT_FEE_RULE } from '../../functions/domain/fees';
import { DATA_PAGES, prerenderedFileOf } from '../../functions/domain/data-pages';
import { fallbackAnswer, pageFallbackFor } from '../../functions/domain/page-fallback';
import { deployedLoadingPages } from '../../functions/adapters/loading-pages';
import { pageFallbackHandler } from '../../functions/handlers/page-fallback-edge';
import { isPageRoute, routes } from '../../functions/routes';
import type { RuntimeConfig } from '../../functions/schemas/config';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../functions/schemas/runtime-config-html';

describe('pageFallbackFor', () => {
  it.each([429, 500, 502, 503, 504])(
    'answers the directory and a coach page with their loading pages on %i',
    (status) => {
      expect(pageFallbackFor(status, '/coaches')).toBe('coaches');
      expect(pageFallbackFor(status, '/coaches/user-123')).toBe('coach');
    },
  );

  it("answers the origin check's 403 (origin secret out of step) with the loading page too: a page route refuses nobody", () => {
    expect(pageFallbackFor(403, '/coaches')).toBe('coaches');
  });

  it.each([200, 304, 400, 404])("passes the page's own answer %i through", (status) => {
    expect(pageFallbackFor(status, '/coaches')).toBeUndefined();
    expect(pageFallbackFor(status, '/coaches/user-123')).toBeUndefined();
  });

  it('gives a deeper path the coach page (the route is greedy), and no page to paths outside the page routes', () => {
    expect(pageFallbackFor(503, '/coaches/user-123/extra')).toBe('coach');
    expect(pageFallbackFor(503, '/coaches/')).toBeUndefined();
    expect(pageFallbackFor(503, '/coachesx')).toBeUndefined();
    expect(pageFallbackFor(503, '/api/coaches')).toBeUndefined();
    expect(pageFallbackFor(503, '/api/coaches/user-123')).toBeUndefined();
  });

  it('has a loading page for every page route of the route table', () => {
    const pages = routes.filter(isPageRoute).map((route) => route.path.replace(/\{[^}]+\}/, 'some-id'));
    expect(pages.map((page) => pageFallbackFor(503, page))).toEqual([...DATA_PAGES]);
  });

  it('serves the loading page uncached, and without one a plain 503 page with a link to try again', () => {
    expect(fallbackAnswer('<html>loading</html>')).toEqual({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      body: '<html>loading</html>',
    });
    const lastResort = fallbackAnswer(undefined);
    expect(lastResort).toMatchObject({ status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '10' } });
    expect(lastResort.body).toContain('<a href="">Try again</a>');
    expect(lastResort.body).not.toContain('<script');
  });
});

const DISTRIBUTION = 'd111111abcdef8.cloudfront.net';
const LOADING_PAGES: Record<string, string> = {
  [`https://${DISTRIBUTION}${prerenderedFileOf('coaches')}`]: '<html>directory loading</html>',
  [`https://${DISTRIBUTION}${prerenderedFileOf('coach')}`]: '<html>coach loading</html>',
};

/** An origin-response event as CloudFront hands it to the function (only the fields it reads, and a read-only header). */
function originResponse(status: number, uri: string): CloudFrontResponseEvent {
  return {
    Records: [
      {
        cf: {
          config: {
            distributionDomainName: DISTRIBUTION,
            distributionId: 'E1',
            eventType: 'origin-response',
            requestId: 'r1',
          },
          request: { clientIp: '203.0.113.1', method: 'GET', uri, querystring: '', headers: {} },
          response: {
            status: String(status),
            statusDescription: 'Too Many Requests',
            headers: {
              'content-type': [{ key: 'Content-Type', value: 'application/json' }],
              'content-length': [{ key: 'Content-Length', value: '38' }],
              via: [{ key: 'Via', value: '1.1 abc.cloudfront.net (CloudFront)' }],
            },
          },
        },
      },
    ],
  };
}

/** The site's copies as the distribution answers them, counting requests; `down` makes it fail like a timeout. */
function fakeDistribution() {
  const site = { requests: [] as string[], down: false, now: 0 };
  const fetchPage = async (url: string) => {
    site.requests.push(url);
    if (site.down) throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const html = LOADING_PAGES[url];
    return html
      ? new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
      : new Response('<Error><Code>AccessDenied</Code></Error>', {
          status: 403,
          headers: { 'content-type': 'application/xml' },
        });
  };
  return { site, handler: pageFallbackHandler(deployedLoadingPages(fetchPage, () => site.now)) };
}

describe('the Lambda@Edge origin-response function', () => {
  it('answers a throttled directory with its loading page from the distribution: 200, HTML, never cached, read-only headers kept', async () => {
    const { site, handler } = fakeDistribution();
    const response = await handler(originResponse(429, '/coaches'));
    expect(response).toEqual({
      status: '200',
      statusDescription: 'OK',
      headers: {
        via: [{ key: 'Via', value: '1.1 abc.cloudfront.net (CloudFront)' }],
        'content-type': [{ value: 'text/html; charset=utf-8' }],
        'cache-control': [{ value: 'no-store' }],
      },
      bodyEncoding: 'text',
      body: '<html>directory loading</html>',
    });
    expect(site.requests).toEqual([`https://${DISTRIBUTION}/prerendered/coaches.html`]);
  });

  it("answers a failing coach page with the coach page's loading page", async () => {
    const { handler } = fakeDistribution();
    for (const status of [500, 502, 503, 504]) {
      expect(await handler(originResponse(status, '/coaches/user-123'))).toMatchObject({
        status: '200',
        body: '<html>coach loading</html>',
      });
    }
  });

  it('passes a page, or its own 404, through unchanged without reading anything', async () => {
    const { site, handler } = fakeDistribution();
    for (const status of [200, 404]) {
      const event = originResponse(status, '/coaches/user-123');
      expect(await handler(event)).toBe(event.Records[0]?.cf.response);
    }
    expect(site.requests).toEqual([]);
  });

  it('keeps a loading page a minute, then reads the deployed one again', async () => {
    const { site, handler } = fakeDistribution();
    await handler(originResponse(429, '/coaches'));
    site.now = 59_999;
    await handler(originResponse(429, '/coaches'));
    expect(site.requests).toHaveLength(1);
    site.now = 60_000;
    await handler(originResponse(429, '/coaches'));
    expect(site.requests).toHaveLength(2);
  });

  it('keeps answering with the copy it has while the distribution cannot be read', async () => {
    const { site, handler } = fakeDistribution();
    await handler(originResponse(503, '/coaches'));
    site.now = 120_000;
    site.down = true;
    expect(await handler(originResponse(503, '/coaches'))).toMatchObject({
      status: '200',
      body: '<html>directory loading</html>',
    });
  });

  it('without any copy (the distribution down, or no page deployed) answers the plain 503 page, never the JSON', async () => {
    const { site, handler } = fakeDistribution();
    site.down = true;
    const response = await handler(originResponse(429, '/coaches'));
    expect(response).toMatchObject({ status: '503', headers: { 'retry-after': [{ value: '10' }] } });
    expect(response.body).toContain('This page is busy right now.');
    const noPage = pageFallbackHandler(
      deployedLoadingPages(
        async () => new Response('<Error/>', { status: 403, headers: { 'content-type': 'application/xml' } }),
      ),
    );
    expect(await noPage(originResponse(502, '/coaches'))).toMatchObject({ status: '503' });
  });
});

describe('the local production-like site (bin/local/built-site.ts)', () => {
  const config: RuntimeConfig = {
    stage: 'dev',
    region: 'us-east-1',
    userPoolId: 'local_pool',
    userPoolClientId: 'client',
    privacyPolicyUrl: 'https://policies.example.org/privacy',
    termsOfServiceUrl: 'https://policies.example.org/terms',
    supportEmail: 'support@example.org',
    feeRule: DEFAULT_FEE_RULE,
  };
  /** The API origin: each page path answers what the test sets, as a throttled API Gateway or a page function would. */
  const answers = new Map<string, { status: number; contentType: string; body: string }>();
  let api: http.Server;
  let site: http.Server;
  let buildDir: string;
  let siteUrl: string;

  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(tmpdir(), 'built-site-'));
    await mkdir(path.join(buildDir, 'prerendered'));
    const shell = (text: string) => `<!doctype html><html><head><title>x</title></head><body>${text}</body></html>`;
    await writeFile(path.join(buildDir, 'index.html'), shell('app'));
    await writeFile(path.join(buildDir, prerenderedFileOf('coaches')), shell('Loading mentors'));
    await writeFile(path.join(buildDir, prerenderedFileOf('coach')), shell('Loading the mentor'));
    api = http.createServer((req, res) => {
      const answer = answers.get(req.url ?? '') ?? { status: 200, contentType: 'text/html', body: 'page' };
      res.writeHead(answer.status, { 'content-type': answer.contentType });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    site = await startBuiltSite({
      port: 0,
      buildDir,
      apiOrigin: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      contentSecurityPolicy: "default-src 'self'",
      config,
    });
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await Promise.all([site, api].map((server) => server && new Promise((resolve) => server.close(resolve))));
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  });

  const apiGatewayError = (status: number) => ({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ message: status === 429 ? 'Too Many Requests' : 'Internal Server Error' }),
  });

  it("answers a throttled directory with its loading page, the stage's config inlined, never the JSON", async () => {
    answers.set('/coaches?q=cardio', apiGatewayError(429));
    const response = await fetch(`${siteUrl}/coaches?q=cardio`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    const html = await response.text();
    expect(html).toContain('Loading mentors');
    expect(html).toContain(`id="${RUNTIME_CONFIG_ELEMENT_ID}"`);
    expect(html).not.toContain('Too Many Requests');
  });

  it("answers a failing coach page with the coach page's loading page", async () => {
    answers.set('/coaches/user-123', apiGatewayError(503));
    const response = await fetch(`${siteUrl}/coaches/user-123`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Loading the mentor');
  });

  it("passes the page function's own 404 through", async () => {
    answers.set('/coaches/unknown', { status: 404, contentType: 'text/html; charset=utf-8', body: 'No such mentor' });
    const response = await fetch(`${siteUrl}/coaches/unknown`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('No such mentor');
  });

  it('answers with the loading page when the API origin cannot be reached at all', async () => {
    const unreachable = await startBuiltSite({
      port: 0,
      buildDir,
      apiOrigin: 'http://127.0.0.1:1',
      contentSecurityPolicy: "default-src 'self'",
      config,
    });
    try {
      const response = await fetch(`http://127.0.0.1:${(unreachable.address() as AddressInfo).port}/coaches`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Loading mentors');
    } finally {
      await new Promise((resolve) => unreachable.close(resolve));
    }
  });
});
