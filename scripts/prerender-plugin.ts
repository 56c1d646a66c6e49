import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { PRERENDERED_PAGES, type PrerenderedPath, prerenderedFile } from '../lib/prerendered-pages';
import type { PrerenderedPage } from '../web/src/prerender';

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const APP_ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The built index.html with a prerendered page inside #root and its own title and description. The
 * app's entry starts through web/public/start-after-paint.js, after the page has painted, and its
 * modules are not preloaded, since the first paint needs none of them.
 */
export function pageHtml(shell: string, page: PrerenderedPage): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error('index.html has no empty #root to prerender into');
  if (!APP_ENTRY.test(shell)) throw new Error("index.html has no module script for the app's entry");
  let html = shell
    .replace(root, () => `<div id="root">${page.html}</div>`)
    .replace(
      APP_ENTRY,
      (_, entry: string) => `<script type="module" src="/start-after-paint.js" data-app-entry="${entry}"></script>`,
    )
    // The entry's own imports lead to them; preloaded, they would compete with the first paint.
    .replace(MODULE_PRELOADS, '');
  if (page.head.title)
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.head.title ?? '')}</title>`);
  if (page.head.description) {
    html = html.replace(
      /<meta name="description" content="[^"]*"/,
      () => `<meta name="description" content="${escapeText(page.head.description ?? '')}"`,
    );
  }
  return html;
}

/**
 * After `vite build`, renders each public page of lib/prerendered-pages.ts through Vite's SSR loader
 * (the same modules and aliases as the client) and writes it beside index.html.
 */
export function prerenderPublicPages(): Plugin {
  let outDir = '';
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const server = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom' });
      try {
        const { prerender } = (await server.ssrLoadModule(
          '/src/prerender.tsx',
        )) as typeof import('../web/src/prerender');
        for (const sitePath of Object.keys(PRERENDERED_PAGES) as PrerenderedPath[]) {
          const file = path.join(outDir, prerenderedFile(sitePath));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, pageHtml(shell, await prerender(sitePath)));
        }
      } finally {
        await server.close();
      }
    },
  };
}
