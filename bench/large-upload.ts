/**
 * Part of `npm run bench` (BENCH_LARGE_UPLOAD=0 skips it): a 500 MB file (BENCH_UPLOAD_MB) uploaded
 * through the real HTTP API in 40 MB chunks by a Node client streaming from disk, finalized,
 * assembled, then downloaded back; beside it a bare node:http server streaming the same file to
 * disk with fsync and back, as the baseline measured in the same run. Reports MB/s, ratios to the
 * baseline and the server's peak RSS (VmHWM) over its idle RSS; with python3-swift installed, the
 * same figures on the S3 store (OpenStack Swift on loopback) beside them. On local disk, the
 * command-line client (cli/, the bundle npm pack ships) uploads the same file too: its MB/s beside
 * the bench's own client and its peak RSS. Reports, never asserts.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CHUNK_SIZE_BYTES } from '../src/common/constants.js';
import { logFile, send, uploadChunked } from './chunked-upload.js';
import { adminSession } from './huge-log.js';
import { type RunningServer, startPasteshare } from './pasteshare.js';
import { freePort, REPO_ROOT, startNode, waitForHttp } from './processes.js';

if (process.env.BENCH_LARGE_UPLOAD === '0') process.exit(0);

const MB = 1024 * 1024;
const sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? 500);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-upload-bench-'));
const log = (msg: string) => console.error(`[bench:upload] ${msg}`);

/** GET into a sink: timed downloads go to /dev/null, the check hashes. Returns bytes and sha256. */
async function fetchAll(url: string, headers: Record<string, string> = {}, hash = false) {
  return new Promise<{ bytes: number; sha: string | null; status: number }>((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const h = hash ? createHash('sha256') : null;
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          h?.update(c);
        });
        res.on('end', () => resolve({ bytes, sha: h ? h.digest('hex') : null, status: res.statusCode ?? 0 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function baseline(file: string, size: number) {
  const dataDir = path.join(tmp, 'bare');
  fs.mkdirSync(dataDir);
  const port = await freePort();
  const child = startNode('bare-upload', 'bench/bare-upload-server.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(child, `${origin}/healthz`);
    let start = process.hrtime.bigint();
    const up = await send(`${origin}/upload`, {
      method: 'POST',
      headers: { 'content-length': size },
      body: () => fs.createReadStream(file),
    });
    if (up.status !== 201) throw new Error(`bare upload: ${up.status}`);
    const uploadS = seconds(start);
    start = process.hrtime.bigint();
    const down = await fetchAll(`${origin}/download`);
    const downloadS = seconds(start);
    if (down.bytes !== size) throw new Error(`bare download: ${down.bytes} bytes`);
    return { uploadMBs: sizeMb / uploadS, downloadMBs: sizeMb / downloadS };
  } finally {
    await child.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `pasteshare FILE --json` (the built CLI) against the same server with an API key: seconds until it
 * exits (chunks, finalize, assembly and its digest check, as the bench client's upload figure), and
 * its peak RSS (VmHWM, read every 50 ms while it runs).
 */
async function measureCli(origin: string, auth: Record<string, string>, file: string, sha: string) {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'cli/build.mjs')]);
  const keyRes = await fetch(`${origin}/api/user/regenerate-api-key`, { method: 'POST', headers: auth });
  const { apiKey } = (await keyRes.json()) as { apiKey: string };
  const home = path.join(tmp, 'cli-home');
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'cli/dist/pasteshare.mjs'), file, '--json'], {
    env: { PATH: process.env.PATH, HOME: home, PASTESHARE_URL: origin, PASTESHARE_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d;
  });
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(child.pid!).hwm);
    } catch {}
  }, 50);
  const code = await new Promise<number | null>((r) => child.once('close', r));
  clearInterval(sampler);
  const s = seconds(start);
  if (code !== 0) throw new Error(`the CLI exited with ${code}`);
  const made = JSON.parse(out) as { id: string; sha256?: string };
  // Files of 50 MB or less go as one create (no chunks, no digest in the answer): check the stored
  // bytes instead.
  const digest =
    made.sha256 ??
    createHash('sha256')
      .update(Buffer.from(await (await fetch(`${origin}/api/pastes/${made.id}/download`)).arrayBuffer()))
      .digest('hex');
  if (digest !== sha) throw new Error(`the CLI's paste has another digest: ${out.trim()} (expected ${sha})`);
  return { uploadMBs: sizeMb / s, peakRssMB: peak / MB };
}

async function measureServer(
  server: RunningServer,
  file: string,
  size: number,
  sha: string,
  withCli = false,
) {
  const origin = server.origin;
  const auth = await adminSession(origin);
  const pid = server.child.proc.pid!;
  const idle = memoryOf(pid).rss;

  const up = await uploadChunked(origin, auth, file, size, 'big.log');
  const { id } = up;
  const chunksS = up.chunksMs / 1000;
  const uploadS = (up.chunksMs + up.assemblyMs) / 1000;

  const start = process.hrtime.bigint();
  const down = await fetchAll(`${origin}/api/pastes/${id}/download`);
  const downloadS = seconds(start);
  if (down.bytes !== size) throw new Error(`download: ${down.bytes} bytes of ${size}`);
  const peak = memoryOf(pid).hwm;
  const check = await fetchAll(`${origin}/api/pastes/${id}/download`, {}, true);
  if (check.sha !== sha) throw new Error('the downloaded file differs from the uploaded one');
  const cli = withCli ? await measureCli(origin, auth, file, sha) : null;
  return {
    cli,
    uploadMBs: sizeMb / uploadS,
    chunksOnlyMBs: sizeMb / chunksS,
    assemblyS: uploadS - chunksS,
    downloadMBs: sizeMb / downloadS,
    idleRssMB: idle / MB,
    peakRssMB: peak / MB,
    peakOverIdleMB: (peak - idle) / MB,
  };
}

async function withServer<T>(
  name: string,
  extraEnv: Record<string, string>,
  fn: (s: RunningServer) => Promise<T>,
) {
  const dataDir = path.join(tmp, name);
  const server = await startPasteshare({ name, dataDir, extraEnv });
  try {
    return await fn(server);
  } finally {
    await server.child.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function s3Env(): Promise<{ env: Record<string, string>; stop: () => void } | null> {
  if (!fs.existsSync('/usr/lib/python3/dist-packages/swift')) return null;
  const dir = path.join(tmp, 'swift');
  const port = await freePort();
  execFileSync('bash', [path.join(REPO_ROOT, 'test/helpers/start-swift-s3.sh'), dir, String(port)], {
    stdio: 'ignore',
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'test:tester', secretAccessKey: 'testing' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: 'bench' }));
  client.destroy();
  return {
    env: {
      S3_BUCKET: 'bench',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop() {
      for (const f of fs.readdirSync(path.join(dir, 'run'))) {
        try {
          process.kill(Number(fs.readFileSync(path.join(dir, 'run', f), 'utf8')), 'SIGKILL');
        } catch {}
      }
    },
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

try {
  log(`writing a ${sizeMb} MB file`);
  const { file, size, sha } = await logFile(tmp, sizeMb);
  log('baseline: bare node:http, one streamed POST to disk with fsync, one GET');
  const bare = await baseline(file, size);
  log('pasteshare, local disk (SQLite)');
  const local = await withServer('local', {}, (s) => measureServer(s, file, size, sha, true));
  const swift = await s3Env();
  let s3: Awaited<ReturnType<typeof measureServer>> | null = null;
  if (swift) {
    log('pasteshare, S3 store (OpenStack Swift s3api on loopback)');
    try {
      s3 = await withServer('s3', swift.env, (s) => measureServer(s, file, size, sha));
    } finally {
      swift.stop();
    }
  }
  const rows = [
    { target: 'bare node:http', upload: round(bare.uploadMBs), download: round(bare.downloadMBs) },
    ...[
      ['pasteshare, local disk', local],
      ['pasteshare, S3 (Swift)', s3],
    ].flatMap(([name, r]) =>
      r && typeof r === 'object'
        ? [
            {
              target: name as string,
              upload: round(r.uploadMBs),
              'upload ÷ bare': Math.round((r.uploadMBs / bare.uploadMBs) * 100) / 100,
              download: round(r.downloadMBs),
              'download ÷ bare': Math.round((r.downloadMBs / bare.downloadMBs) * 100) / 100,
              'assembly s': round(r.assemblyS),
              'peak RSS over idle MB': round(r.peakOverIdleMB),
            },
          ]
        : [],
    ),
  ];
  console.log(
    `\nLarge upload: ${sizeMb} MB in ${Math.ceil(size / CHUNK_SIZE_BYTES)} chunks of 40 MB (MB/s; upload includes assembly)`,
  );
  console.table(rows);
  if (local.cli) {
    console.log(
      `\nCLI (pasteshare FILE, local disk): ${round(local.cli.uploadMBs)} MB/s = ` +
        `${Math.round((local.cli.uploadMBs / local.uploadMBs) * 100) / 100} × the bench client ` +
        `(goal ≥ 0.9), peak RSS ${round(local.cli.peakRssMB)} MB (goal < 100 MB)`,
    );
  }
  const out = path.join(
    REPO_ROOT,
    'bench',
    'results',
    `large-upload-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.json`,
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ sizeMb, cpus: os.cpus().length, bare, local, s3 }, null, 2)}\n`);
  log(`results in ${path.relative(REPO_ROOT, out)}`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
