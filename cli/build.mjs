// Bundles the CLI into one file with no runtime dependency: dist/pasteshare.mjs (its `bin`).
// esbuild comes from the repository's node_modules; `npm pack` here runs this first (prepack).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const outfile = path.join(here, 'dist', 'pasteshare.mjs');
await build({
  entryPoints: [path.join(here, 'src', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
fs.chmodSync(outfile, 0o755);
