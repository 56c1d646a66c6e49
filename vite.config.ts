import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { inlineRuntimeConfig } from './functions/schemas/runtime-config-html';
import { prerenderPages } from './scripts/prerender-plugin';

/** The local API server (bin/local): the API, /config.json, /media and the local mailbox. */
const apiOrigin = process.env.LOCAL_API_ORIGIN ?? 'http://localhost:3210';
const sameOrigin = { target: apiOrigin, changeOrigin: false };

/** The dev server's index.html carries the local stack's runtime config, as a deployed one carries its own. */
function inlineLocalRuntimeConfig(): Plugin {
  return {
    name: 'inline-local-runtime-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      const response = await fetch(`${apiOrigin}/config.json`);
      if (!response.ok) throw new Error(`The local API answered /config.json with ${response.status}`);
      return inlineRuntimeConfig(html, await response.text());
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react(), tailwindcss(), inlineLocalRuntimeConfig(), prerenderPages()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
      '@functions': fileURLToPath(new URL('./functions', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries every page loads get their own long-cached chunks, so a deploy that changes only our code
        // does not make returning visitors download React and zod again.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': sameOrigin, '/config.json': sameOrigin, '/media': sameOrigin, '/_local': sameOrigin },
  },
});
