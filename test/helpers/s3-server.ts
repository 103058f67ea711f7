import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Options } from '../../src/server/infra/blob-store/s3.js';
import { tempDir } from './test-db.js';
import { StopWaiting, waitUntil } from './wait-until.js';

const SCRIPT = path.join(import.meta.dirname, 'start-swift-s3.sh');

export interface S3Server {
  options(bucket: string): S3Options;
  /** A fresh bucket, so tests (and files) never see each other's objects. */
  bucket(): Promise<string>;
  stop(): Promise<void>;
}

let buckets = 0;

/**
 * A real S3-compatible server for tests: OpenStack Swift with its s3api layer on loopback (Debian's
 * python3-swift, which supports every multipart call). npm test installs the package; without it
 * this throws with the command to run, never skips.
 */
export async function startS3Server(): Promise<S3Server> {
  if (!fs.existsSync('/usr/lib/python3/dist-packages/swift')) {
    throw new Error(
      'S3 tests need OpenStack Swift: apt-get install -y --no-install-recommends python3-swift',
    );
  }
  const dir = tempDir('swift-');
  const port = 20000 + Math.floor(Math.random() * 20000);
  try {
    await runStartScript(dir, port);
  } catch (e) {
    removeSwift(dir);
    throw e;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const options = (bucket: string): S3Options => ({
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'test:tester',
    secretAccessKey: 'testing',
    forcePathStyle: true,
  });
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'test:tester', secretAccessKey: 'testing' },
  });
  return {
    options,
    async bucket() {
      buckets += 1;
      const name = `test-${process.pid}-${buckets}-${Date.now()}`;
      // Swift answers 503 for a moment after it starts (its account and container servers warm
      // up; much longer while other suites keep the CPUs busy).
      await waitUntil(
        `Swift to create bucket ${name}`,
        async () => {
          try {
            await client.send(new CreateBucketCommand({ Bucket: name }));
            return true;
          } catch (e) {
            if ((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 503) {
              throw new StopWaiting(`it answered ${(e as Error).name}: ${(e as Error).message}`);
            }
            throw new Error('Swift answers 503 (still warming up)');
          }
        },
        { intervalMs: 500 },
      );
      return name;
    },
    async stop() {
      client.destroy();
      removeSwift(dir);
    },
  };
}

/**
 * The start script waits for Swift's health check as long as it needs (its own ceiling catches a
 * hang); its progress notes are passed on as they come, so a slow start says why it is slow.
 */
function runStartScript(dir: string, port: number): Promise<void> {
  const child = spawn('bash', [SCRIPT, dir, String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    errors += d;
    for (const line of d.split('\n')) if (line.startsWith('waiting for')) console.error(line);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`Swift did not start (exit ${code}): ${errors}`)),
    );
  });
}

function removeSwift(dir: string): void {
  const run = path.join(dir, 'run');
  for (const f of fs.existsSync(run) ? fs.readdirSync(run) : []) {
    const pid = Number(fs.readFileSync(path.join(run, f), 'utf8'));
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
