import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.js';

const serverOrigin = 'http://127.0.0.1:3000';
// `^/api/` (not `/api`) so the SPA's own /api documentation page is served by Vite, not proxied.
const proxied = { target: serverOrigin, changeOrigin: false };

/**
 * `vite build --ssr`: the paste page's server renderer (src/web/ssr/render-paste-page.tsx), loaded
 * by the server from dist/web-ssr (src/server/plugins/web-app.ts). Dependencies stay in node_modules.
 */
const ssrBuild = defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  plugins: [react()],
  publicDir: false,
  build: {
    rolldownOptions: {
      input: path.resolve(import.meta.dirname, 'src/web/ssr/render-paste-page.tsx'),
      // The server bundle is one file: the browser's lazy imports of the renderers have nothing to
      // split here, and saying so on every build hides warnings that matter.
      onLog(level, log, handler) {
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
        handler(level, log);
      },
    },
    outDir: path.resolve(import.meta.dirname, 'dist/web-ssr'),
    emptyOutDir: true,
    sourcemap: false,
  },
});

const clientBuild = defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the server reads which files a screen needs, to preload them (plugins/web-app.ts).
    manifest: true,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Everything the first page needs in one file, and small shared pieces copied into the
          // screens that use them: every file is another request, with ~500 bytes of headers
          // (counted in the first-load budget, e2e/first-load.spec.ts) and, on a slow phone
          // network, another round trip once the browser's six connections are busy.
          groups: [{ name: 'web', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 24 * 1024 },
        },
      },
    },
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

export default defineConfig((env) => (env.isSsrBuild ? ssrBuild : clientBuild));
