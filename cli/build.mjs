// Bundles the CLI into one file with no runtime dependency: dist/pasteshare.mjs (its `bin`).
// esbuild comes from the repository's node_modules; `npm pack` here runs this first (prepack).
// `--outfile FILE` builds elsewhere: each test file builds its own, so parallel files never run
// a bundle another is writing.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const here = import.meta.dirname;
const { values } = parseArgs({ options: { outfile: { type: 'string' } } });
const outfile = values.outfile ?? path.join(here, 'dist', 'pasteshare.mjs');
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
