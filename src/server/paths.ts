import fs from 'node:fs';
import path from 'node:path';

/**
 * The project folder (the one holding package.json), found from this file's location so the same
 * code works from the sources (src/server) and from the compiled bundle (dist/server).
 */
function findProjectRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return from;
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(import.meta.dirname);
/** Where `vite build` writes the web app. */
export const builtWebRoot = path.join(projectRoot, 'dist/web');
/** The paste page's server renderer, built with it (`vite build --ssr`, scripts/web-build.mjs). */
export const builtPastePageRenderer = path.join(projectRoot, 'dist/web-ssr/render-paste-page.js');
