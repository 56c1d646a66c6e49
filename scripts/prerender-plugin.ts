import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { prerenderedFileOf, prerenderedRenders } from '../lib/prerendered-pages';
import { withPageHead, withPageMarkup } from '../functions/domain/page-html';
import type { PrerenderedPage } from '../web/src/prerender';

const APP_ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/**
 * The built index.html with a prerendered page inside #root and its own title and description. The
 * page paints from its HTML, and only then does web/public/start-after-paint.js start the app's entry,
 * whose modules are therefore not preloaded: the first paint needs none of them, and fetching them
 * beside the page would only compete with it for the network.
 */
export function pageHtml(shell: string, page: PrerenderedPage): string {
  if (!APP_ENTRY.test(shell)) throw new Error("index.html has no module script for the app's entry");
  const html = withPageMarkup(shell, page.html)
    .replace(MODULE_PRELOAD, '')
    .replace(
      APP_ENTRY,
      (_, entry: string) => `<script type="module" src="/start-after-paint.js" data-app-entry="${entry}"></script>`,
    );
  return withPageHead(html, page.head);
}

/**
 * After `vite build`, renders each page of lib/prerendered-pages.ts through Vite's SSR loader (the
 * same modules and aliases as the client) and writes it beside index.html.
 */
export function prerenderPages(): Plugin {
  let outDir = '';
  return {
    name: 'prerender-pages',
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
        for (const { page, path: sitePath } of prerenderedRenders()) {
          const file = path.join(outDir, prerenderedFileOf(page));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, pageHtml(shell, await prerender(sitePath)));
        }
      } finally {
        await server.close();
      }
    },
  };
}
