import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The local API server (bin/local): the API, /config.json, /media and the local mailbox. */
const apiOrigin = process.env.LOCAL_API_ORIGIN ?? 'http://localhost:3210';
const sameOrigin = { target: apiOrigin, changeOrigin: false };

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
      '@functions': fileURLToPath(new URL('./functions', import.meta.url)),
    },
  },
  build: { outDir: fileURLToPath(new URL('./dist/web', import.meta.url)), emptyOutDir: true },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': sameOrigin, '/config.json': sameOrigin, '/media': sameOrigin, '/_local': sameOrigin },
  },
});
