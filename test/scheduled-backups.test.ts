import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../src/common/constants.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { createPaste } from './helpers/pastes.js';
import {
  ADMIN,
  completeSetup,
  createUser,
  loginClient,
  startTestApp,
  type TestApp,
} from './helpers/test-app.js';
import { tempDir } from './helpers/test-db.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const HOUR = 60 * 60 * 1000;

/** The operator's command, as `npm run backup|restore -- …` runs it, on a SQLite data folder. */
function cli(dataDir: string, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/server/backup-cli.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

const started: TestApp[] = [];
afterEach(async () => {
  for (const t of started.splice(0).reverse()) await t.close();
});

describe('backups on a schedule', () => {
  it('are written once per interval across instances, the oldest beyond BACKUP_KEEP deleted', async () => {
    const env = { BACKUP_INTERVAL_HOURS: '1', BACKUP_KEEP: '2' };
    const a = await startTestApp({ env });
    started.push(a);
    const b = await startTestApp({ env, sharing: a });
    started.push(b);
    await completeSetup(a);
    await createPaste(a.client(), { content: 'in every backup' });

    // Both instances' schedules fire for the same hour: exactly one writes it.
    const outcomes = await Promise.all([
      a.app.services.scheduledBackups.runDue(),
      b.app.services.scheduledBackups.runDue(),
    ]);
    expect(outcomes.sort()).toEqual(['taken', 'written']);
    expect(await a.app.services.scheduledBackups.runDue()).toBe('taken');

    for (let hour = 1; hour <= 3; hour++) {
      a.clock.advance(HOUR);
      b.clock.advance(HOUR);
      expect(await (hour % 2 ? b : a).app.services.scheduledBackups.runDue()).toBe('written');
    }
    const admin = await loginClient(a, ADMIN.username, ADMIN.password);
    const list = await admin.get('/api/admin/backups');
    expect(list.status).toBe(200);
    expect(list.body.backups).toHaveLength(2);
    const [newest, older] = list.body.backups;
    // An hour apart (the two instances' test clocks started a moment apart).
    expect(Math.abs(Date.parse(newest.createdAt) - Date.parse(older.createdAt) - HOUR)).toBeLessThan(60_000);
    expect(newest.fileName).toMatch(/^pasteshare-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}\.json$/);
    // The two deleted ones left no bytes behind.
    const files = fs.readdirSync(path.join(a.dataDir, 'blobs', 'backups'));
    expect(files).toHaveLength(2);

    const download = await admin.get(`/api/admin/backups/${newest.id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(newest.fileName);
    expect(Buffer.byteLength(download.text)).toBe(newest.sizeBytes);
    expect(JSON.parse(download.text).tables.pastes).toHaveLength(1);
    expect((await admin.get('/api/admin/backups/999/download')).status).toBe(404);
    expect((await a.client().get('/api/admin/backups')).status).toBe(401);
  });

  it('restore into a fresh instance: every paste byte for byte, every account signs in', async () => {
    const a = await startTestApp({ env: { BACKUP_INTERVAL_HOURS: '24' } });
    started.push(a);
    await completeSetup(a);
    const user = await createUser(a, { password: 'restored-pass-1' });
    const texts = ['small ✓ text\n', `${'large line ✓\n'.repeat(30_000)}`, 'bytes \u0000 and \r\n'];
    const ids: string[] = [];
    for (const content of texts) ids.push((await createPaste(a.client(), { content, expiration: '1w' })).id);
    expect(await a.app.services.scheduledBackups.runDue()).toBe('written');
    const admin = await loginClient(a, ADMIN.username, ADMIN.password);
    const [made] = (await admin.get('/api/admin/backups')).body.backups;
    const file = path.join(tempDir(), made.fileName);
    fs.writeFileSync(file, (await admin.get(`/api/admin/backups/${made.id}/download`)).text);

    const fresh = tempDir();
    const restored = await cli(fresh, 'restore', file);
    expect(restored.out).toMatch(/restored .*3 pastes/);
    expect(restored.code).toBe(0);
    // Once there are accounts, a second restore needs --replace.
    const again = await cli(fresh, 'restore', file);
    expect(again.code).toBe(1);
    expect(again.out).toContain('--replace');
    expect((await cli(fresh, 'restore', file, '--replace')).code).toBe(0);

    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: fresh }), {
      backgroundJobs: false,
      webRoot: path.join(fresh, 'no-web-build'),
    });
    try {
      expect((await app.inject({ url: '/api/setup/status' })).json()).toEqual({ setupCompleted: true });
      for (const [i, id] of ids.entries()) {
        const raw = await app.inject({ url: `/api/pastes/${id}/raw` });
        expect(raw.statusCode).toBe(200);
        expect(raw.rawPayload.equals(Buffer.from(texts[i]!))).toBe(true);
      }
      for (const [username, password] of [
        [ADMIN.username, ADMIN.password],
        [user.username, 'restored-pass-1'],
      ]) {
        const login = await app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json', host: 'localhost', origin: 'http://localhost' },
          payload: { username, password, captchaToken: CAPTCHA_BYPASS_TOKEN },
        });
        expect(login.statusCode, `${username}: ${login.body}`).toBe(200);
      }
    } finally {
      await app.close();
    }

    // And the other way: `npm run backup -- --out FILE` of the restored site holds the same pastes.
    const out = path.join(tempDir(), 'again.json');
    const backedUp = await cli(fresh, 'backup', '--out', out);
    expect(backedUp.code, backedUp.out).toBe(0);
    expect(
      JSON.parse(fs.readFileSync(out, 'utf8'))
        .tables.pastes.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect((await cli(fresh, 'backup', '--out', out)).code).toBe(1); // never overwrites a file
    // Five CLI processes, each compiling its TypeScript on start: ~25 s on a busy 2-core machine.
  });
});
