import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants.js';
import { buildCompiledServer, type CompiledServer, startCompiledServer } from '../helpers/compiled-server.js';
import { HttpClient } from '../helpers/http-client.js';
import { type RunningNginx, startNginx } from '../helpers/nginx.js';
import { freePort } from '../helpers/ports.js';
import { type S3Server, startS3Server } from '../helpers/s3-server.js';
import { setupBody } from '../helpers/test-app.js';
import { tempDir } from '../helpers/test-db.js';

/**
 * The several-instance setup of docs/operations.md, as deployed: two compiled servers on one
 * PostgreSQL database, one Redis (when TEST_REDIS_URL is set) and one S3 bucket (Swift), behind
 * nginx running the documented configuration. Under steady load through nginx, each instance in
 * turn gets SIGTERM, drains, and is started again; no request may fail and no create be lost.
 */

const METRICS_TOKEN = 'rolling-restart-metrics-token';
const LOAD_SECONDS = 30;
/** ≈200 requests a second: every 50 ms, 8 reads and 2 creates. */
const TICK_MS = 50;
const READS_PER_TICK = 8;
const CREATES_PER_TICK = 2;

let databaseUrl = '';
let adminUrl = '';
let s3: S3Server | undefined;
let env: Record<string, string> = {};
const instances: CompiledServer[] = [];
let nginx: RunningNginx | undefined;

beforeAll(async () => {
  buildCompiledServer();
  adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `pasteshare_rolling_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();

  s3 = await startS3Server();
  const s3Options = s3.options(await s3.bucket());
  const redisUrl = process.env.TEST_REDIS_URL;
  env = {
    NODE_ENV: 'test',
    DATA_DIR: tempDir(),
    DATABASE_URL: databaseUrl,
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}` } : {}),
    S3_BUCKET: s3Options.bucket,
    S3_ENDPOINT: s3Options.endpoint!,
    S3_ACCESS_KEY_ID: s3Options.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3Options.secretAccessKey!,
    S3_FORCE_PATH_STYLE: 'true',
    METRICS_TOKEN,
    // Every request reaches the instances from nginx's one address.
    PASTE_CREATE_PER_IP_PER_MIN: '100000',
    // Readiness fails for a second before the listener closes (what a probing balancer needs).
    SHUTDOWN_DELAY_MS: '1000',
  };
  // One after the other: the first runs the migrations.
  instances.push(await startCompiledServer(await freePort(), env));
  instances.push(await startCompiledServer(await freePort(), env));
  nginx = await startNginx(instances.map((i) => `127.0.0.1:${i.port}`));
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  for (const i of instances) i.child.kill('SIGKILL');
  await Promise.all(instances.map((i) => i.exited));
  await s3?.stop();
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
    await admin.end();
  }
});

/** Paste reads one instance has answered since it started (its own metrics). */
async function readsAnswered(i: CompiledServer): Promise<number> {
  const text = await fetch(`${i.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).then((r) => r.text());
  return text
    .split('\n')
    .filter(
      (l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/api/pastes/:id"'),
    )
    .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGTERM, then the same instance started again on its port once it has exited. */
async function restart(index: number): Promise<{ exitCode: number | null; readyzBeforeClose: number[] }> {
  const old = instances[index]!;
  old.child.kill('SIGTERM');
  // Until the listener closes, readiness answers 503: the balancer's cue to stop sending.
  const readyzBeforeClose: number[] = [];
  for (;;) {
    const status = await fetch(`${old.baseUrl}/readyz`, { headers: { connection: 'close' } }).then(
      (r) => r.status,
      () => null,
    );
    if (status === null) break;
    readyzBeforeClose.push(status);
    await sleep(100);
  }
  const exitCode = await old.exited;
  const fresh = await startCompiledServer(old.port, env);
  instances[index] = fresh;
  // nginx sends to a server it saw refuse connections again after its fail_timeout (10 s).
  for (let i = 0; i < 300 && (await readsAnswered(fresh)) < 20; i++) await sleep(100);
  return { exitCode, readyzBeforeClose };
}

describe('a rolling restart through nginx under load', () => {
  it('fails no request and loses no create', async () => {
    const site = new HttpClient(nginx!.url);
    expect((await site.post('/api/setup', setupBody({ domain: nginx!.url }))).status).toBe(200);
    const login = await site.post('/api/login', {
      username: 'admin',
      password: setupBody().adminPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(login.status).toBe(200);
    const seeded: { id: string; content: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const content = `seeded ${i} ${randomBytes(8).toString('hex')}`;
      const created = await site.post('/api/pastes', { content, expiration: '1d' });
      expect(created.status).toBe(201);
      seeded.push({ id: created.body.id, content });
    }

    // Open loop: requests leave on schedule whether or not earlier ones have answered.
    const failures: string[] = [];
    const created: { id: string; content: string }[] = [];
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    const fire = (task: () => Promise<void>) => {
      sent += 1;
      const p = task()
        .catch((e: Error) => {
          failures.push(`${e.message} ${(e.cause as Error | undefined)?.message ?? ''}`);
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    };
    const anonymous = new HttpClient(nginx!.url);
    const read = async () => {
      const paste = seeded[Math.floor(Math.random() * seeded.length)]!;
      const res = await anonymous.get(`/api/pastes/${paste.id}`);
      if (res.status !== 200 || res.body.content !== paste.content) {
        failures.push(`GET ${res.status} ${res.text.slice(0, 200)}`);
      }
    };
    const create = async () => {
      const content = `under load ${randomBytes(8).toString('hex')}`;
      const res = await anonymous.post('/api/pastes', { content, expiration: '1d' });
      if (res.status === 201) created.push({ id: res.body.id, content });
      else failures.push(`POST ${res.status} ${res.text.slice(0, 200)}`);
    };
    const started = Date.now();
    const load = setInterval(() => {
      for (let i = 0; i < READS_PER_TICK; i++) fire(read);
      for (let i = 0; i < CREATES_PER_TICK; i++) fire(create);
    }, TICK_MS);

    try {
      await sleep(3000);
      // Requests sent while each instance stopped and came back: the load really met both restarts.
      const sentBefore = sent;
      const first = await restart(0);
      const sentDuringFirst = sent - sentBefore;
      const second = await restart(1);
      const sentDuringSecond = sent - sentBefore - sentDuringFirst;
      await sleep(Math.max(0, started + LOAD_SECONDS * 1000 - Date.now()));
      clearInterval(load);
      await Promise.all(inFlight);

      expect(failures).toEqual([]);
      for (const { exitCode, readyzBeforeClose } of [first, second]) {
        expect(exitCode).toBe(0);
        // 200 until the signal is handled, then 503 until the listener closes.
        const leaving = readyzBeforeClose.indexOf(503);
        expect(leaving).toBeGreaterThanOrEqual(0);
        expect(new Set(readyzBeforeClose.slice(leaving))).toEqual(new Set([503]));
      }
      expect(sentDuringFirst).toBeGreaterThan(100);
      expect(sentDuringSecond).toBeGreaterThan(100);
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `rolling restart: ${sent} requests in ${seconds.toFixed(1)} s (${sentDuringFirst} and ` +
          `${sentDuringSecond} during the restarts), ${created.length} creates, 0 failed`,
      );
    } finally {
      clearInterval(load);
    }

    // Every create that was answered 201 is there, through either instance.
    const lost: string[] = [];
    for (const paste of created) {
      const res = await anonymous.get(`/api/pastes/${paste.id}`);
      if (res.status !== 200 || res.body.content !== paste.content) lost.push(paste.id);
    }
    expect(lost).toEqual([]);
    // Both restarted instances answer reads of their own again.
    for (const i of instances) expect(await readsAnswered(i)).toBeGreaterThan(0);
  }, 150_000);
});
