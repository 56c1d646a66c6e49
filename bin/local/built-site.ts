import { readFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type DataPage, prerenderedFileOf } from '../../functions/domain/data-pages';
import { fallbackAnswer, pageFallbackFor, pageOfPath } from '../../functions/domain/page-fallback';
import type { RuntimeConfig } from '../../functions/schemas/config';
import { pageWithRuntimeConfig } from '../../functions/schemas/runtime-config-html';
import { SPA_FALLBACK_CODE, securityHeaders } from '../../lib/site-headers';
import { isPagePath } from './route-matcher';

export interface BuiltSiteOptions {
  port: number;
  /** The Vite build (`npm run build` writes dist/web). */
  buildDir: string;
  /** The local API server: `/api`, `/config.json`, `/media` and the stand-ins' `/_local` pages. */
  apiOrigin: string;
  contentSecurityPolicy: string;
  /** Inlined into index.html, as the deployment does (lib/web.ts). */
  config: RuntimeConfig;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const PROXIED = ['/api/', '/config.json', '/media/', '/_local/'];

/** CloudFront compresses these for a viewer that accepts gzip (behaviours compress by default). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);
/** CloudFront leaves smaller files as they are. */
const MIN_COMPRESSED_BYTES = 1000;

/** A compressible body as CloudFront sends it: gzip for a viewer that accepts it, unless too small to gain. */
function sendCompressible(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: http.OutgoingHttpHeaders,
  body: string | Buffer,
) {
  if (body.length < MIN_COMPRESSED_BYTES || !/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    res.writeHead(status, headers);
    res.end(body);
    return;
  }
  res.writeHead(status, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
  res.end(gzipSync(body));
}

/** CloudFront's viewer-request function, the very code the distribution runs. */
const spaFallback = new Function(`${SPA_FALLBACK_CODE}; return handler;`)() as (event: {
  request: { uri: string };
}) => { uri: string };

/**
 * The production build served the way CloudFront serves it: the SPA fallback function, the
 * security headers on every answer (API ones too), gzip for a viewer that accepts it, index.html
 * with the runtime config inlined as at deploy, everything else (the API, the pages rendered with
 * their data) from the API origin, and a throttled or failed page as its loading-state page, as the
 * page behaviours' origin-response function answers it (lib/page-fallback.ts).
 */
export function startBuiltSite(options: BuiltSiteOptions): Promise<http.Server> {
  const headers = securityHeaders(options.contentSecurityPolicy);

  /** A page of the build as the deploy writes it to the bucket: the runtime config inlined. */
  const builtPage = async (uri: string) =>
    pageWithRuntimeConfig(await readFile(path.join(options.buildDir, uri), 'utf8'), options.config);

  async function sendPageFallback(req: IncomingMessage, res: ServerResponse, page: DataPage) {
    const answer = fallbackAnswer(await builtPage(prerenderedFileOf(page)).catch(() => undefined));
    sendCompressible(req, res, answer.status, { ...headers, ...answer.headers }, answer.body);
  }

  /** The stand-ins' pages (`/_local/`) play other sites (Stripe, Zoom, Calendly), so they keep their own headers. */
  function proxy(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const siteHeaders = pathname.startsWith('/_local/') ? {} : headers;
    const upstream = http.request(
      new URL(req.url ?? '/', options.apiOrigin),
      { method: req.method, headers: req.headers },
      (answer) => {
        if (!isPagePath(pathname)) {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...siteHeaders });
          answer.pipe(res);
          return;
        }
        // A page behaviour's cache policy accepts gzip (lib/web.ts), so CloudFront compresses the rendered page.
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const page = pageFallbackFor(answer.statusCode ?? 502, pathname);
          if (page) return void sendPageFallback(req, res, page);
          const { 'content-length': _, ...answerHeaders } = answer.headers;
          sendCompressible(
            req,
            res,
            answer.statusCode ?? 502,
            { ...answerHeaders, ...siteHeaders },
            Buffer.concat(chunks),
          );
        });
      },
    );
    upstream.on('error', () => {
      // CloudFront answers an unreachable origin with a 502, which the page behaviours' function turns into the page.
      const page = res.headersSent ? undefined : pageOfPath(pathname);
      if (page) return void sendPageFallback(req, res, page);
      if (!res.headersSent) res.writeHead(502, headers);
      res.end();
    });
    req.pipe(upstream);
  }

  async function serveFile(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const { uri } = spaFallback({ request: { uri: decodeURIComponent(pathname) } });
    const file = path.join(options.buildDir, path.normalize(uri));
    if (!file.startsWith(options.buildDir + path.sep)) return send(res, 403, 'Forbidden');
    try {
      const body = path.extname(uri) === '.html' ? await builtPage(path.normalize(uri)) : await readFile(file);
      const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
      if (!COMPRESSIBLE.has(path.extname(file))) return send(res, 200, body, type);
      sendCompressible(req, res, 200, { ...headers, 'content-type': type }, body);
    } catch {
      return send(res, 404, 'Not found');
    }
  }

  function send(res: ServerResponse, status: number, body: string | Buffer, type = 'text/plain; charset=utf-8') {
    res.writeHead(status, { ...headers, 'content-type': type });
    res.end(body);
  }

  return new Promise((resolve, reject) => {
    const server = http.createServer((req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      if (isPagePath(pathname) || PROXIED.some((prefix) => pathname === prefix || pathname.startsWith(prefix)))
        return proxy(req, res, pathname);
      serveFile(req, res, pathname).catch(() => send(res, 500, 'Local site error'));
    });
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve(server));
  });
}
