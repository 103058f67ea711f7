// Finds Chromium for the browser tests, installing Debian's package when we can (root + apt-get).
// Never downloads a browser build of its own, and never skips silently.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);
const INSTALL = 'apt-get update && apt-get install -y chromium';

export function ensureChromium() {
  const found = CANDIDATES.find((p) => fs.existsSync(p));
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canInstall) {
    console.error(
      `Chromium is needed for the browser tests and was not found. Install it with:\n  sudo ${INSTALL}\n(or set CHROMIUM_PATH to a Chromium binary).`,
    );
    process.exit(1);
  }
  console.log(`Chromium not found; installing it: ${INSTALL}`);
  const r = spawnSync('sh', ['-c', `${INSTALL} >/tmp/pasteshare-chromium-install.log 2>&1`], {
    stdio: 'inherit',
  });
  if (r.status !== 0 || !fs.existsSync('/usr/bin/chromium')) {
    console.error(
      `Installing Chromium failed (see /tmp/pasteshare-chromium-install.log). Run:\n  ${INSTALL}`,
    );
    process.exit(1);
  }
  return '/usr/bin/chromium';
}
