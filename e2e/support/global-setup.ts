import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The servers under test serve the built web app (WEB_AUTOBUILD=false), so build it once here
 * when it is missing or older than its sources. `npm run test:e2e` has usually done it already.
 */
export default function globalSetup(): void {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/web-build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Building the web app failed');
}
