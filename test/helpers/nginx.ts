import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.js';
import { startTestApp, type TestApp } from './test-app.js';
import { answersOk, StopWaiting, waitUntil } from './wait-until.js';

const NGINX = '/usr/sbin/nginx';
const INSTALL = 'apt-get install -y --no-install-recommends nginx-light';

/** The ```nginx block of docs/operations.md: the configuration the tests run is the one printed. */
export function documentedConfig(): string {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/operations.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/operations.md has no ```nginx block');
  return block;
}

export interface RunningNginx {
  url: string;
  /** nginx's error log so far (why it answered 502, when it did). */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * nginx running the documented configuration in front of `upstreams` (host:port each; round robin
 * when several), changed only in its addresses. Stops at once, with the command, without nginx.
 */
export async function startNginx(upstreams: string[]): Promise<RunningNginx> {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx is not installed: run \`${INSTALL}\` (as root)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-nginx-'));
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const server = documentedConfig()
    .replace('    server 127.0.0.1:3000;', upstreams.map((u) => `    server ${u};`).join('\n'))
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  if (!server.includes(`listen 127.0.0.1:${port};`) || !server.includes(`server ${upstreams[0]};`)) {
    throw new Error('the documented nginx block no longer has the lines this test replaces');
  }
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
error_log ${dir}/error.log;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${server}
}
`,
  );
  execFileSync(NGINX, ['-t', '-q', '-c', conf, '-e', path.join(dir, 'error.log')]);
  const nginx = spawn(NGINX, ['-c', conf, '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    nginx.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  let exited: number | null | undefined;
  nginx.once('exit', (code) => {
    exited = code;
  });
  try {
    await waitUntil(`nginx on ${url}`, () => {
      if (exited !== undefined) throw new StopWaiting(`exited with ${exited}: ${errorLog()}`);
      return answersOk(`${url}/healthz`);
    });
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, stop, errorLog };
}

/**
 * Two instances of one site (one database, one data folder, one Redis when TEST_REDIS_URL is set)
 * behind nginx with both as its upstream; each serves its metrics, so a test can tell which answered.
 */
export async function startInstancesBehindNginx(): Promise<{
  a: TestApp;
  b: TestApp;
  nginx: RunningNginx;
  close(): Promise<void>;
}> {
  const redisUrl = process.env.TEST_REDIS_URL;
  const env: Record<string, string> = {
    METRICS_TOKEN: 'instances-metrics-token',
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}` } : {}),
  };
  const a = await startTestApp({ env });
  const b = await startTestApp({ env, sharing: a });
  const nginx = await startNginx([new URL(a.baseUrl).host, new URL(b.baseUrl).host]);
  return {
    a,
    b,
    nginx,
    async close() {
      await nginx.stop();
      await b.close();
      await a.close();
    },
  };
}

/** Requests an instance has answered (its request histogram's count), of one route or all. */
export async function requestsAnswered(t: TestApp, route?: string): Promise<number> {
  const family = (await t.app.services.metrics.registry.getMetricsAsJSON()).find(
    (f) => f.name === 'http_request_duration_seconds',
  );
  return (family?.values ?? [])
    .filter(
      (v) =>
        (v as { metricName?: string }).metricName === 'http_request_duration_seconds_count' &&
        (route === undefined || v.labels.route === route),
    )
    .reduce((n, v) => n + v.value, 0);
}
