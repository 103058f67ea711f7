/**
 * `node --import tsx bench/backup-memory.ts [MB]`: the server's peak RSS while it exports and then
 * imports a database of about MB megabytes (default 1024: 10 MB pastes plus small ones), on SQLite.
 * A report, run by hand (figures in bench/README.md), not part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CAPTCHA_BYPASS_TOKEN } from '../src/common/constants.js';
import { freePort, REPO_ROOT, startNode, waitForHttp } from './processes.js';

const totalMb = Number(process.argv[2] ?? 1024);
const BIG = 10 * 1024 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-backup-bench-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = startNode(
  'pasteshare',
  path.join(REPO_ROOT, 'dist/server/main.js'),
  {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_AUTOBUILD: 'false',
    NODE_ENV: 'production',
    PASTE_CREATE_PER_IP_PER_MIN: '1000000',
    PASTE_CREATE_PER_ACCOUNT_PER_MIN: '1000000',
  },
  { compiled: true },
);

/** VmRSS of the server process, sampled every 50 ms into `peak`. */
function sampleRss() {
  const state = { peak: 0, stop: () => {} };
  const timer = setInterval(() => {
    try {
      const status = fs.readFileSync(`/proc/${server.proc.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      state.peak = Math.max(state.peak, kb * 1024);
    } catch {}
  }, 50);
  state.stop = () => clearInterval(timer);
  return state;
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

try {
  await waitForHttp(server, `${url}/healthz`);
  const json = { 'content-type': 'application/json', origin: url };
  await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      siteTitle: 'Bench',
      domain: url,
      adminUsername: 'admin',
      adminPassword: 'admin-pass-123',
      adminEmail: 'admin@example.com',
    }),
  });
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      username: 'admin',
      password: 'admin-pass-123',
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await fetch(`${url}/api/settings`, {
    method: 'PUT',
    headers: { ...json, cookie },
    body: JSON.stringify({ maxPasteSize: 'unlimited' }),
  });
  const bigCount = Math.max(1, Math.floor((totalMb * 1024 * 1024) / BIG));
  for (let i = 0; i < bigCount; i++) {
    const form = new FormData();
    form.append('expiration', 'unlimited');
    form.append('content', new Blob([Buffer.alloc(BIG, 97 + (i % 26))]), 'big.txt');
    const res = await fetch(`${url}/api/pastes`, {
      method: 'POST',
      headers: { cookie, origin: url },
      body: form,
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  }
  for (let i = 0; i < 2000; i++) {
    await fetch(`${url}/api/pastes`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ content: `small paste ${i}\n`.repeat(50), privacy: 'public', expiration: '1w' }),
    });
  }
  const idle = sampleRss();
  await new Promise((r) => setTimeout(r, 500));
  idle.stop();

  const file = path.join(dataDir, 'backup.json');
  const exporting = sampleRss();
  let t0 = Date.now();
  const res = await fetch(`${url}/api/admin/database/export`, { headers: { cookie } });
  await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(file));
  exporting.stop();
  const exportS = (Date.now() - t0) / 1000;
  const size = fs.statSync(file).size;

  const importing = sampleRss();
  t0 = Date.now();
  const imported = await fetch(`${url}/api/admin/database/import`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: Readable.toWeb(fs.createReadStream(file)) as never,
    duplex: 'half',
  } as RequestInit);
  const answer = await imported.text();
  importing.stop();
  const importS = (Date.now() - t0) / 1000;
  if (imported.status !== 200) throw new Error(`import answered ${imported.status}: ${answer}`);
  console.log(
    [
      `backup file: ${mb(size)} (${bigCount} pastes of 10 MB + 2,000 small ones)`,
      `server RSS: idle ${mb(idle.peak)}; peak while exporting ${mb(exporting.peak)} (${exportS.toFixed(1)} s); peak while importing ${mb(importing.peak)} (${importS.toFixed(1)} s)`,
      `import: ${answer}`,
    ].join('\n'),
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
