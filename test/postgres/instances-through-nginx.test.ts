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
import { sendChunk, sha256, textOfSize, uploadWhole, waitAssembled } from '../helpers/uploads.js';
import { waitUntil } from '../helpers/wait-until.js';

/**
 * The several-instance setup of docs/operations.md, as deployed: two compiled servers on one
 * PostgreSQL database, one Redis (when TEST_REDIS_URL is set) and one S3 bucket (Swift), behind
 * nginx running the documented configuration, every request through nginx's port.
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
  try {
    // A database of its own: compiled servers migrate it as `npm start` does, with no test schema.
    await admin.query(`create database "${name}"`);
  } catch (e) {
    throw new Error(
      `this suite needs CREATE DATABASE on TEST_DATABASE_URL (as the postgres user has): ${(e as Error).message}`,
    );
  } finally {
    await admin.end();
  }
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
    // An assembly slow enough to kill mid-way, and a dead instance's lease that runs out soon.
    TEST_ASSEMBLY_PAUSE_MS: '40',
    UPLOAD_ASSEMBLY_LEASE_MS: '2000',
    SWEEP_INTERVAL_MS: '1000',
    // Every instance start tries to write this hour's backup; exactly one may.
    BACKUP_INTERVAL_HOURS: '1',
  };
  // One after the other: the first runs the migrations.
  instances.push(await startCompiledServer(await freePort(), env));
  instances.push(await startCompiledServer(await freePort(), env));
  nginx = await startNginx(instances.map((i) => `127.0.0.1:${i.port}`));
});

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

/** The sum of a metric's series (those whose labels include `having`) in one instance's metrics. */
async function metric(i: CompiledServer, name: string, having = ''): Promise<number> {
  const text = await fetch(`${i.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).then((r) => r.text());
  return text
    .split('\n')
    .filter((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && l.includes(having))
    .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

/** Paste reads one instance has answered since it started. */
const readsAnswered = (i: CompiledServer) =>
  metric(i, 'http_request_duration_seconds_count', 'route="/api/pastes/:id"');

/** The site's admin, signed in through nginx. */
async function signedInAdmin(): Promise<HttpClient> {
  const site = new HttpClient(nginx!.url);
  const login = await site.post('/api/login', {
    username: 'admin',
    password: setupBody().adminPassword,
    captchaToken: CAPTCHA_BYPASS_TOKEN,
  });
  expect(login.status).toBe(200);
  return site;
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
  await waitUntil('nginx to send reads to the restarted instance', async () => {
    const answered = await readsAnswered(fresh);
    if (answered < 20) throw new Error(`${answered} of 20 reads answered`);
    return true;
  });
  return { exitCode, readyzBeforeClose };
}

describe('two compiled instances behind nginx', () => {
  it('a rolling restart under load fails no request and loses no create', async () => {
    expect(
      (await new HttpClient(nginx!.url).post('/api/setup', setupBody({ domain: nginx!.url }))).status,
    ).toBe(200);
    const site = await signedInAdmin();
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

      expect(
        failures,
        `nginx said:\n${nginx!
          .errorLog()
          .split('\n')
          .filter((l) => l.includes('[error]'))
          .join('\n')}`,
      ).toEqual([]);
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
  });

  it('a 100 MB upload alternates instances; the other finishes the assembly of one killed mid-way', async () => {
    const site = await signedInAdmin();
    const CHUNK = 10 * 1024 * 1024;
    const data = textOfSize(100 * 1024 * 1024, 7);
    const chunkRoute = 'route="/api/pastes/upload/chunk"';
    const finalizeRoute = 'route="/api/pastes/upload/finalize"';
    const before = await Promise.all(
      instances.map((i) => metric(i, 'http_request_duration_seconds_count', chunkRoute)),
    );
    const finalizedBefore = await Promise.all(
      instances.map((i) => metric(i, 'http_request_duration_seconds_count', finalizeRoute)),
    );
    const { id } = await uploadWhole(site, data, CHUNK, { chunkSize: CHUNK, title: 'through nginx' });
    // Round robin: each instance took half of the ten chunks.
    const chunks = await Promise.all(
      instances.map(
        async (i, n) => (await metric(i, 'http_request_duration_seconds_count', chunkRoute)) - before[n]!,
      ),
    );
    expect(chunks).toEqual([5, 5]);

    // The instance that answered finalize assembles; kill it mid-way (no clean stop).
    const finalized = await Promise.all(
      instances.map(
        async (i, n) =>
          (await metric(i, 'http_request_duration_seconds_count', finalizeRoute)) - finalizedBefore[n]!,
      ),
    );
    const holder = finalized.indexOf(1);
    expect(finalized.toSorted()).toEqual([0, 1]);
    const progress = await waitUntil(
      'the assembly to pass 5 %',
      async () => {
        const now: number = (await site.get(`/api/pastes/${id}/assembly-progress`)).body.progress;
        if (now < 5) throw new Error(`at ${now} %`);
        return now;
      },
      { intervalMs: 50 },
    );
    expect(progress).toBeLessThan(100);
    instances[holder]!.child.kill('SIGKILL');
    await instances[holder]!.exited;
    const survivor = instances[1 - holder]!;

    // Through nginx (which now finds one server refusing): the survivor takes over once the lease runs out.
    const seen = await waitAssembled(site, id);
    expect(seen.at(-1)).toBe(100);
    // Counted once the assembly's task returns, a moment after the paste is ready.
    const takeovers = await waitUntil('the survivor to count its takeover', async () => {
      const counted = await metric(survivor, 'pasteshare_upload_assembly_takeovers_total');
      if (counted === 0) throw new Error('none counted yet');
      return counted;
    });
    expect(takeovers).toBe(1);
    const download = await fetch(`${nginx!.url}/api/pastes/${id}/download`);
    expect(download.status).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(data));

    instances[holder] = await startCompiledServer(instances[holder]!.port, env);
  });

  it('writes one scheduled backup for the hour, whichever instances started in it', async () => {
    const site = await signedInAdmin();
    // Six starts by now (two, two restarts, one after the kill), each trying this hour's slot.
    const backups = await waitUntil('a scheduled backup', async () => {
      const listed: { createdAt: string; sizeBytes: number }[] = (await site.get('/api/admin/backups')).body
        .backups;
      if (listed.length === 0) throw new Error('none listed yet');
      return listed;
    });
    // One per hour (a run that crosses the hour has two, one for each).
    const hours = new Set(backups.map((b) => b.createdAt.slice(0, 13)));
    expect(backups).toHaveLength(hours.size);
    expect(backups.every((b) => b.sizeBytes > 0)).toBe(true);
  });

  it('sweeps an expired paste and collects an abandoned upload once, whichever instance gets there', async () => {
    const site = await signedInAdmin();
    const expiring: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await site.post('/api/pastes', { content: `expires ${i}`, expiration: '1h' });
      expect(created.status).toBe(201);
      expiring.push(created.body.id);
    }
    // Kept in S3 (a file part): the sweep deletes its blob too.
    const form = new FormData();
    form.append('content', new Blob([new Uint8Array(textOfSize(3 * 1024 * 1024))]), 'big.txt');
    form.append('expiration', '1h');
    const big = await site.post('/api/pastes', undefined, { raw: form });
    expect(big.status).toBe(201);
    expiring.push(big.body.id);
    const CHUNK = 5 * 1024 * 1024;
    const init = await site.post('/api/pastes/upload/init', {
      totalChunks: 2,
      totalSize: 2 * CHUNK,
      chunkSize: CHUNK,
    });
    expect(init.status).toBe(200);
    expect((await sendChunk(site, init.body.uploadId, 0, textOfSize(CHUNK))).status).toBe(200);

    const done = async (task: string) =>
      (
        await Promise.all(
          instances.map((i) => metric(i, 'pasteshare_background_items_total', `task="${task}"`)),
        )
      ).reduce((a, b) => a + b);
    const [sweptBefore, collectedBefore] = [await done('sweep_pastes'), await done('collect_uploads')];
    // An hour and a day later, as far as the rows can tell.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query('update pastes set expires_at = $1 where id = any($2)', [Date.now() - 1000, expiring]);
      await db.query('update upload_sessions set updated_at = $1 where id = $2', [
        Date.now() - 25 * 60 * 60 * 1000,
        init.body.uploadId,
      ]);
      const left = async () =>
        Number(
          (await db.query('select count(*) as n from pastes where id = any($1)', [expiring])).rows[0].n,
        ) +
        Number(
          (await db.query('select count(*) as n from upload_sessions where id = $1', [init.body.uploadId]))
            .rows[0].n,
        );
      await waitUntil('the sweep of the expired pastes and the abandoned upload', async () => {
        const n = await left();
        if (n > 0) throw new Error(`${n} left`);
        return true;
      });
    } finally {
      await db.end();
    }
    // Two more sweeps of each instance: nothing is deleted twice.
    await sleep(2500);
    expect((await done('sweep_pastes')) - sweptBefore).toBe(expiring.length);
    expect((await done('collect_uploads')) - collectedBefore).toBe(1);
    expect((await site.get(`/api/pastes/${big.body.id}`)).status).toBe(404);
    expect((await fetch(`${nginx!.url}/api/pastes/${big.body.id}/download`)).status).toBe(404);
  });
});
