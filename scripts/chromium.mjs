// Finds Chromium for the browser tests, installing Debian's package when we can (root + apt-get).
import { ensurePackage } from './system-packages.mjs';

export const ensureChromium = () =>
  ensurePackage({
    pkg: 'chromium',
    paths: [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'],
    why: 'the browser tests (or set CHROMIUM_PATH to a Chromium binary)',
  });
