// `npm run test:e2e`: browser tests in Debian's Chromium against real servers.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { buildWeb } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = ensureChromium();
buildWeb();
const r = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
  },
);
process.exit(r.status ?? 1);
