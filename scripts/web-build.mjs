// Builds the web app (dist/web) and the paste page's server renderer (dist/web-ssr) when either is
// missing or older than any of their sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['src/web', 'src/common', 'vite.config.ts', 'package-lock.json'];
const BUILT = [path.join(root, 'dist/web/index.html'), path.join(root, 'dist/web-ssr/render-paste-page.js')];

export function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function webBuildIsStale() {
  if (!BUILT.every((file) => fs.existsSync(file))) return true;
  const built = Math.min(...BUILT.map((file) => fs.statSync(file).mtimeMs));
  return SOURCES.some((s) => newestMtime(s) > built);
}

export function buildWeb({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return;
  console.log('Building the web app (vite build)…');
  for (const args of [[], ['--ssr']]) {
    const r = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args, '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit' },
    );
    if (r.status !== 0) {
      console.error('The web app build failed.');
      process.exit(r.status ?? 1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildWeb({ force: process.argv.includes('--force') });
