import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../../functions/domain/html';

/** Far above the stand-ins' own forms, which carry a few ids and URLs. */
const MAX_FORM_BYTES = 16 * 1024;

/** A plain page of a local stand-in for a third-party service (Stripe, Zoom). */
export function standInPage(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}
.note{background:#fef9c3;border:1px solid #facc15;border-radius:.5rem;padding:.75rem 1rem}
form{display:inline-block;margin:1rem 1rem 0 0}
button,a.button{font:inherit;display:inline-block;text-decoration:none;color:inherit;padding:.6rem 1.1rem;border-radius:.4rem;border:1px solid #334155;background:#fff;cursor:pointer}
button.primary,a.button.primary{background:#635bff;border-color:#635bff;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #0f4c5c;outline-offset:2px}
dt{font-weight:600}dd{margin:0 0 .5rem}
</style></head>
<body><main>${body}</main></body></html>`);
}

export const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
};

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new Error('The stand-in form is too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Like Stripe, which keeps the return URLs with the link, only sends the browser back to the app. */
export function appUrl(value: string | null): string | null {
  const siteOrigin = process.env.SITE_ORIGIN;
  if (!value || !siteOrigin) return null;
  try {
    return new URL(value).origin === new URL(siteOrigin).origin ? value : null;
  } catch {
    return null;
  }
}

export const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
