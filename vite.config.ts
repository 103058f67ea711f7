import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.js';

const serverOrigin = 'http://127.0.0.1:3000';
// `^/api/` (not `/api`) so the SPA's own /api documentation page is served by Vite, not proxied.
const proxied = { target: serverOrigin, changeOrigin: false };

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '^/api/': proxied,
      '^/raw/': proxied,
      '/healthz': proxied,
      '/readyz': proxied,
    },
  },
});
