import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../../test/helpers/http-client.js';
import { type S3Server, startS3Server } from '../../../../test/helpers/s3-server.js';
import {
  completeSetup,
  createUser,
  loginClient,
  startTestApp,
  type TestApp,
} from '../../../../test/helpers/test-app.js';
import { testDialect } from '../../../../test/helpers/test-db.js';
import {
  sendChunk,
  sha256,
  textOfSize,
  uploadWhole,
  waitAssembled,
} from '../../../../test/helpers/uploads.js';
import { StopWaiting, waitUntil } from '../../../../test/helpers/wait-until.js';
import { CAPTCHA_BYPASS_TOKEN } from '../../../common/constants.js';

/**
 * Chunked upload across instances of one site: chunks landing on different instances, an assembly
 * taken over from an instance killed mid-way, and the same on S3-compatible storage.
 */

const root = path.resolve(import.meta.dirname, '../../../..');

async function twoInstances(env: Record<string, string>): Promise<[TestApp, TestApp]> {
  const a = await startTestApp({ env });
  await completeSetup(a);
  const b = await startTestApp({ env, sharing: a });
  return [a, b];
}

/** One browser signed in, its requests going to either instance (one cookie jar). */
async function signedInOnBoth(a: TestApp, b: { baseUrl: string }) {
  const u = await createUser(a);
  const jar = new Map<string, string>();
  const onA = new HttpClient(a.baseUrl, jar);
  const login = await onA.post('/api/login', {
    username: u.username,
    password: u.plainPassword,
    captchaToken: CAPTCHA_BYPASS_TOKEN,
  });
  expect(login.status).toBe(200);
  return { onA, onB: new HttpClient(b.baseUrl, jar) };
}

async function download(t: TestApp, id: string) {
  const res = await fetch(`${t.baseUrl}/api/pastes/${id}/download`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** An instance in a process of its own (so it can be killed with SIGKILL), sharing `t`'s data. */
async function spawnInstance(
  t: TestApp,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/instance-process.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: t.dataDir,
      WEB_AUTOBUILD: 'false',
      ...(testDialect() === 'postgres' ? { INSTANCE_PG_SCHEMA: t.db.schema ?? '' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const port = await waitUntil('the instance process to listen', () => {
    if (child.exitCode !== null) throw new StopWaiting(`exited with ${child.exitCode}: ${out}`);
    const m = /PORT=(\d+)/.exec(out);
    if (!m) throw new Error('no PORT= line yet');
    return Number(m[1]);
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

describe('chunked upload on two instances, local disk', () => {
  const CHUNK = 64 * 1024;
  const env = {
    TEST_UPLOAD_CHUNK_BYTES: String(CHUNK),
    UPLOAD_ASSEMBLY_LEASE_MS: '1000',
    SWEEP_INTERVAL_MS: '1000',
  };

  it('completes an upload whose chunks alternate between the instances', async () => {
    const [a, b] = await twoInstances(env);
    try {
      const { onA, onB } = await signedInOnBoth(a, b);
      const data = textOfSize(7 * CHUNK + 3);
      const { id } = await uploadWhole(onA, data, CHUNK, {}, [onA, onB]);
      await waitAssembled(onB, id);
      expect(sha256(await download(b, id))).toBe(sha256(data));
      expect(sha256(await download(a, id))).toBe(sha256(data));
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('keeps the paste when a second instance, taking over a lease that ran out, finishes second', async () => {
    const [a, b] = await twoInstances({ ...env, TEST_ASSEMBLY_PAUSE_MS: '150' });
    try {
      const { onA, onB } = await signedInOnBoth(a, b);
      const data = textOfSize(7 * CHUNK + 3);
      const { id } = await uploadWhole(onA, data, CHUNK, {}, [onA, onB]); // finalize on A: A assembles
      // B's clock is past A's lease: it takes the same assembly over while A is still at it.
      b.clock.advance(60_000);
      await b.app.services.uploads.resumeAssemblies();
      await a.app.services.uploads.settled();
      // Whichever marked the paste ready second found it ready, not gone: the blob stays.
      expect(sha256(await download(b, id))).toBe(sha256(data));
      expect(sha256(await download(a, id))).toBe(sha256(data));
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('another instance finishes an assembly whose instance was killed mid-way', async () => {
    const a = await startTestApp({ env });
    await completeSetup(a);
    const victim = await spawnInstance(a, { ...env, TEST_ASSEMBLY_PAUSE_MS: '200' });
    try {
      const { onA, onB: onVictim } = await signedInOnBoth(a, victim);

      const data = textOfSize(100 * CHUNK);
      const { uploadId } = (
        await onVictim.post('/api/pastes/upload/init', { totalChunks: 100, totalSize: data.length })
      ).body;
      for (let i = 0; i < 100; i++) {
        expect(
          (await sendChunk(onVictim, uploadId, i, data.subarray(i * CHUNK, (i + 1) * CHUNK))).status,
        ).toBe(200);
      }
      const fin = await onVictim.post('/api/pastes/upload/finalize', { uploadId });
      expect(fin.status).toBe(201);
      const id = fin.body.id as string;
      // Wait until the victim is mid-way, then kill it: no clean stop, its lease simply stops being renewed.
      const progress = await waitUntil(
        'the assembly to pass 3 %',
        async () => {
          const now: number = (await onA.get(`/api/pastes/${id}/assembly-progress`)).body.progress;
          if (now < 3) throw new Error(`at ${now} %`);
          return now;
        },
        { intervalMs: 50 },
      );
      expect(progress).toBeLessThan(100);
      victim.child.kill('SIGKILL');
      // The survivor's clock moves past the dead lease; its background task takes the assembly over.
      a.clock.advance(60_000);
      const seen = await waitAssembled(onA, id);
      expect(seen.at(-1)).toBe(100);
      expect(sha256(await download(a, id))).toBe(sha256(data));
      const left = await a.db.kysely.selectFrom('upload_sessions').select('status').execute();
      expect(left).toEqual([{ status: 'done' }]);
    } finally {
      victim.child.kill('SIGKILL');
      await a.close();
    }
  });
});

describe('chunked upload on S3-compatible storage', () => {
  // S3 parts but the last must be at least 5 MiB.
  const CHUNK = 5 * 1024 * 1024;
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
    // The first bucket waits for Swift to warm up (a minute and more on a busy machine): here, not in a test.
    await s3.bucket();
  });
  afterAll(() => s3?.stop());

  const s3Env = async () => {
    const o = s3.options(await s3.bucket());
    return {
      TEST_UPLOAD_CHUNK_BYTES: String(CHUNK),
      S3_BUCKET: o.bucket,
      S3_ENDPOINT: o.endpoint!,
      S3_ACCESS_KEY_ID: o.accessKeyId!,
      S3_SECRET_ACCESS_KEY: o.secretAccessKey!,
      S3_FORCE_PATH_STYLE: 'true',
    };
  };

  it('two instances share one upload; the download is byte-exact, with Range', async () => {
    const [a, b] = await twoInstances(await s3Env());
    try {
      const { onA, onB } = await signedInOnBoth(a, b);
      const data = textOfSize(2 * CHUNK + 123_457);
      const { id } = await uploadWhole(onA, data, CHUNK, { title: 'on s3' }, [onA, onB]);
      await waitAssembled(onA, id);
      expect(sha256(await download(b, id))).toBe(sha256(data));
      const part = await fetch(`${a.baseUrl}/api/pastes/${id}/download`, {
        headers: { range: 'bytes=5-104' },
      });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(5, 105))).toBe(true);
      expect((await a.app.services.blobs.size(`pastes/none`)) ?? 'absent').toBe('absent');
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('cancel aborts the multipart upload', async () => {
    const a = await startTestApp({ env: await s3Env() });
    try {
      await completeSetup(a);
      const u = await createUser(a);
      const c = await loginClient(a, u.username, u.plainPassword);
      const { uploadId } = (await c.post('/api/pastes/upload/init', { totalChunks: 2, totalSize: CHUNK + 1 }))
        .body;
      expect((await sendChunk(c, uploadId, 0, textOfSize(CHUNK))).status).toBe(200);
      const row = await a.db.kysely.selectFrom('upload_sessions').selectAll().executeTakeFirstOrThrow();
      expect((await c.post('/api/pastes/upload/cancel', { uploadId })).status).toBe(200);
      // The store's multipart upload is gone: completing it now fails.
      await expect(a.app.services.blobs.completeParts(row.blob_key, row.store_ref, [])).rejects.toThrow();
    } finally {
      await a.close();
    }
  });
});
