import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pingClamd } from '../../src/server/infra/clamd/clamd-client.js';
import { freePort } from './ports.js';
import { StopWaiting, waitUntil } from './wait-until.js';

const CLAMD = '/usr/sbin/clamd';
const INSTALL = 'apt-get install -y --no-install-recommends clamav-daemon';

/**
 * The standard anti-virus test file's string, put together here so this source file is not
 * itself what a scanner of the repository would report.
 */
export const EICAR = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join('');

const EICAR_NAME = 'Pasteshare.Test.Eicar';
const HASH_NAME = 'Pasteshare.Test.Hashed';
/** What clamd reports: the names it loaded, marked as from an unofficial database. */
export const EICAR_SIGNATURE = `${EICAR_NAME}.UNOFFICIAL`;
export const HASH_SIGNATURE = `${HASH_NAME}.UNOFFICIAL`;

export interface RunningClamd {
  url: string;
  /** The daemon's StreamMaxLength. */
  maxStreamBytes: number;
  stop(): Promise<void>;
}

/** An .hdb line for these bytes: `<md5>:<size>:<name>`. */
export function hashSignature(bytes: Buffer | string[], name = HASH_NAME): string {
  const md5 = createHash('md5');
  let size = 0;
  for (const part of Array.isArray(bytes) ? bytes : [bytes]) {
    md5.update(part);
    size += Buffer.byteLength(part);
  }
  return `${md5.digest('hex')}:${size}:${name}`;
}

/**
 * A real clamd on a free loopback port (or, with `listen: 'unix'`, on a Unix socket in its temp
 * folder, as Debian's LocalSocket), with a database written here: the EICAR string as an .ndb
 * body signature and the given .hdb lines. No internet, no freshclam. Waits as long as clamd needs
 * to load (PING → PONG); fails at once, with the install command, where clamd is missing.
 */
export async function startClamd(
  hashLines: string[],
  maxStreamBytes = 128 * 1024 * 1024,
  listen: 'tcp' | 'unix' = 'tcp',
): Promise<RunningClamd> {
  if (!fs.existsSync(CLAMD)) throw new Error(`clamd is not installed: run \`${INSTALL}\` (as root)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-clamd-'));
  const db = path.join(dir, 'db');
  fs.mkdirSync(db);
  fs.writeFileSync(path.join(db, 'test.ndb'), `${EICAR_NAME}:0:*:${Buffer.from(EICAR).toString('hex')}\n`);
  fs.writeFileSync(path.join(db, 'test.hdb'), hashLines.length ? `${hashLines.join('\n')}\n` : '');
  const socket = path.join(dir, 'clamd.sock');
  const port = listen === 'tcp' ? await freePort() : 0;
  const conf = path.join(dir, 'clamd.conf');
  fs.writeFileSync(
    conf,
    [
      `DatabaseDirectory ${db}`,
      ...(listen === 'tcp' ? [`TCPSocket ${port}`, 'TCPAddr 127.0.0.1'] : [`LocalSocket ${socket}`]),
      'Foreground yes',
      `TemporaryDirectory ${dir}`,
      `PidFile ${dir}/clamd.pid`,
      `StreamMaxLength ${maxStreamBytes}`,
      `MaxScanSize ${maxStreamBytes * 2}`,
      `MaxFileSize ${maxStreamBytes}`,
      `LogFile ${dir}/clamd.log`,
      // Root runs the tests: clamd must not switch to a user that cannot read the temp dir.
      'User root',
      'Bytecode no',
      '',
    ].join('\n'),
  );
  if (!hashLines.length) fs.rmSync(path.join(db, 'test.hdb'));
  const clamd = spawn(CLAMD, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  clamd.stderr.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  let exited: number | null | undefined;
  clamd.once('exit', (code) => {
    exited = code;
  });
  const url = listen === 'tcp' ? `tcp://127.0.0.1:${port}` : `unix://${socket}`;
  const stop = async () => {
    if (exited === undefined) {
      const gone = new Promise((r) => clamd.once('exit', r));
      clamd.kill('SIGTERM');
      await gone;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil(
      `clamd on ${url}`,
      async () => {
        if (exited !== undefined) throw new StopWaiting(`exited with ${exited}: ${stderr}`);
        return pingClamd({ url, maxStreamBytes, timeoutMs: 5000 });
      },
      { intervalMs: 250 },
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, maxStreamBytes, stop };
}
