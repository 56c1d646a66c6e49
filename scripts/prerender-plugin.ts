import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin, type Rollup } from 'vite';
import { type PrerenderedPage as PageName, prerenderedFileOf, prerenderedRenders } from '../lib/prerendered-pages';
import type { PrerenderedPage } from '../web/src/prerender';

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const APP_ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built index.html with a prerendered page inside #root and its own title and description. The
 * page paints from its HTML, and only then does web/public/start-after-paint.js start the app's entry.
 * - A page that needs no data (no `screenChunks`) is whole in its HTML; its modules are not preloaded,
 *   since the first paint needs none of them, and the entry's own imports lead to them.
 * - A screen that shows data (the directory, a coach) paints its loading state, while the entry's
 *   modules and the screen's own chunks are all requested at once at low priority, so they do not
 *   hold up that paint and the code arrives in one round of requests instead of after the entry has run.
 */
export function pageHtml(shell: string, page: PrerenderedPage, screenChunks?: readonly string[]): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error('index.html has no empty #root to prerender into');
  if (!APP_ENTRY.test(shell)) throw new Error("index.html has no module script for the app's entry");
  const entryPreloads = [...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const preloads = screenChunks ? [...new Set([...entryPreloads, ...screenChunks.map((file) => `/${file}`)])] : [];
  let html = shell
    .replace(root, () => `<div id="root">${page.html}</div>`)
    .replace(MODULE_PRELOAD, '')
    .replace(APP_ENTRY, (_, entry: string) =>
      [
        `<script type="module" src="/start-after-paint.js" data-app-entry="${entry}"></script>`,
        ...preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}" fetchpriority="low">`),
      ].join('\n    '),
    );
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
 * The chunk files a screen's route modules load: each module's own chunk and every chunk it imports
 * statically, transitively. Modules are paths under the Vite root (`src/features/...`).
 */
export function chunksOf(bundle: Rollup.OutputBundle, root: string, modules: readonly string[]): string[] {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const add = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) add(imported);
    }
  };
  for (const module of modules) {
    const id = path.join(root, module);
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
    if (!chunk) throw new Error(`No chunk of the build starts at ${module}: is it still imported lazily?`);
    add(chunk);
  }
  return [...files];
}

/**
 * After `vite build`, renders each page of lib/prerendered-pages.ts through Vite's SSR loader (the
 * same modules and aliases as the client) and writes it beside index.html. `screens` names, per
 * page that shows data, the route modules whose chunks its HTML preloads.
 */
export function prerenderPages(screens: Partial<Record<PageName, readonly string[]>>): Plugin {
  let outDir = '';
  let root = '';
  const screenChunks = new Map<PageName, string[]>();
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const [page, modules] of Object.entries(screens) as [PageName, string[]][])
        screenChunks.set(page, chunksOf(bundle, root, modules));
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
          await writeFile(file, pageHtml(shell, await prerender(sitePath), screenChunks.get(page)));
        }
      } finally {
        await server.close();
      }
    },
  };
}
