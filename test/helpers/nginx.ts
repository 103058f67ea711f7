import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.js';
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
