import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Options } from '../../src/server/infra/blob-store/s3.js';
import { tempDir } from './test-db.js';

const run = promisify(execFile);
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
  await run('bash', [SCRIPT, dir, String(port)], { timeout: 60_000 });
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
      // up; longer while other suites keep the CPUs busy): try for up to 60 s before failing.
      for (let attempt = 0; ; attempt++) {
        try {
          await client.send(new CreateBucketCommand({ Bucket: name }));
          return name;
        } catch (e) {
          if (
            attempt >= 120 ||
            (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 503
          ) {
            throw e;
          }
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    },
    async stop() {
      client.destroy();
      for (const f of fs.readdirSync(path.join(dir, 'run'))) {
        const pid = Number(fs.readFileSync(path.join(dir, 'run', f), 'utf8'));
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
