// What npm cannot install: Debian packages the tests use (Chromium, nginx, Swift's S3 server,
// OpenLDAP's slapd).
// Installed with apt-get when we can (root + apt-get); otherwise the test command stops at once
// with the exact command to run. Never downloads a build of its own, never skips silently.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Returns the first of `paths` that exists, installing `pkg` first when none does.
 * `why` says what needs it, for the message.
 */
export function ensurePackage({ pkg, paths, why, flags = '' }) {
  const found = paths.find((p) => p && fs.existsSync(p));
  if (found) return found;
  const install = `apt-get update && apt-get install -y ${flags ? `${flags} ` : ''}${pkg}`;
  const canInstall = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canInstall) {
    console.error(`${pkg} is needed for ${why} and was not found. Install it with:\n  sudo ${install}`);
    process.exit(1);
  }
  console.log(`${pkg} not found; installing it: ${install}`);
  const log = `/tmp/pasteshare-${pkg.replace(/\s+/g, '+')}-install.log`;
  const r = spawnSync('sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${install} >${log} 2>&1`], {
    stdio: 'inherit',
  });
  const installed = paths.find((p) => p && fs.existsSync(p));
  if (r.status !== 0 || !installed) {
    console.error(`Installing ${pkg} failed (see ${log}). Run:\n  ${install}`);
    process.exit(1);
  }
  return installed;
}

/** nginx, for the reverse-proxy test that runs the configuration of docs/operations.md. */
export const ensureNginx = () =>
  ensurePackage({
    pkg: 'nginx-light',
    paths: ['/usr/sbin/nginx'],
    why: 'the reverse-proxy test',
    flags: '--no-install-recommends',
  });

/** OpenStack Swift with its S3 layer: the S3-compatible store the blob-store and upload tests use. */
export const ensureSwift = () =>
  ensurePackage({
    pkg: 'python3-swift',
    paths: ['/usr/lib/python3/dist-packages/swift'],
    why: 'the S3-compatible storage tests (test/helpers/start-swift-s3.sh)',
    flags: '--no-install-recommends',
  });

/** OpenLDAP's slapd (and its tools): the real directory the LDAP sign-in tests start (test/helpers/slapd.ts). */
export const ensureSlapd = () =>
  ensurePackage({
    pkg: 'slapd ldap-utils',
    paths: ['/usr/sbin/slapd'],
    why: 'the LDAP sign-in tests (test/helpers/slapd.ts)',
    flags: '--no-install-recommends',
  });
