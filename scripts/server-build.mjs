// Compiles the server (src/server + src/common) into ES modules, dist/server/main.js and its
// workers, when missing or older than their sources: `npm start` runs JavaScript,
// not TypeScript through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { newestMtime } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['src/server', 'src/common', 'package-lock.json', 'scripts/server-build.mjs'];
export const SERVER_ENTRY = path.join(root, 'dist/server/main.js');

export function serverBuildIsStale() {
  if (!fs.existsSync(SERVER_ENTRY)) return true;
  const built = fs.statSync(SERVER_ENTRY).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

export async function buildServer({ force = false } = {}) {
  if (!force && !serverBuildIsStale()) return;
  console.log('Building the server (esbuild)…');
  const { outputFiles } = await build({
    write: false,
    // The worker threads (infra/highlight, modules/previews) are scripts of their own, beside main.js.
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      'highlight-worker': path.join(root, 'src/server/infra/highlight/highlight-worker.ts'),
      'card-worker': path.join(root, 'src/server/modules/previews/card-worker.ts'),
    },
    outdir: path.dirname(SERVER_ENTRY),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies stay in node_modules (native addons, optional drivers); only our code is bundled.
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // Written whole then renamed: a test process building at the same time, or a server starting,
  // never reads half a bundle.
  for (const file of outputFiles) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  await buildServer({ force: process.argv.includes('--force') });
