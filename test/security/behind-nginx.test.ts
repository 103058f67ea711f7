import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants.js';
import { GENERIC_MESSAGES } from '../../src/common/messages.js';
import { HttpClient } from '../helpers/http-client.js';
import { createPaste } from '../helpers/pastes.js';
import { completeSetup, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The nginx configuration of docs/operations.md, run as written (only its ports changed) in front
 * of a real server: a body the server refuses early still reaches the client as its 4xx.
 */
const NGINX = '/usr/sbin/nginx';
const INSTALL = 'apt-get install -y --no-install-recommends nginx-light';

function documentedConfig(): string {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/operations.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/operations.md has no ```nginx block');
  return block;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let t: TestApp;
let dir: string;
let proxied: string;

beforeAll(async () => {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx is not installed: run \`${INSTALL}\` (as root)`);
  t = await startTestApp();
  await completeSetup(t);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-nginx-'));
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const server = documentedConfig()
    .replace('server 127.0.0.1:3000;', `server ${new URL(t.baseUrl).host};`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  expect(server).toContain(`listen 127.0.0.1:${port};`);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
error_log ${dir}/error.log;
pid ${dir}/nginx.pid;
events { worker_connections 64; }
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
  execFileSync(NGINX, ['-t', '-q', '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')]);
  const nginx = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: 'ignore',
  });
  nginxProcess = nginx;
  proxied = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    const up = await fetch(`${proxied}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
});

let nginxProcess: ReturnType<typeof spawn> | undefined;
afterAll(async () => {
  nginxProcess?.kill('SIGTERM');
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('behind nginx with request buffering off (docs/operations.md)', () => {
  it('passes a refused oversized body through as 413, never 502, 20 times in a row', async () => {
    const c = new HttpClient(proxied);
    const body = JSON.stringify({
      username: 'x'.repeat(10 * 1024 * 1024),
      password: 'password-123',
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    for (let i = 0; i < 20; i++) {
      const res = await c.post('/api/register', undefined, {
        raw: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, `attempt ${i + 1}: ${res.text.slice(0, 200)}`).toBe(413);
      expect(res.body).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: GENERIC_MESSAGES.bodyTooLarge });
    }
  });

  it('passes a refusal for a missing sign-in through as 401 while the body is still arriving', async () => {
    const body = 'y'.repeat(20 * 1024 * 1024);
    for (let i = 0; i < 10; i++) {
      const res = await new HttpClient(proxied).post('/api/v1/pastes', undefined, {
        raw: body,
        headers: { 'content-type': 'text/plain', 'x-api-key': 'pb_wrong' },
        noOrigin: true,
      });
      expect(res.status, `attempt ${i + 1}: ${res.text.slice(0, 200)}`).toBe(401);
    }
  });

  it('serves the site through the proxy as directly: create, then read', async () => {
    const c = new HttpClient(proxied);
    const { id } = await createPaste(c, { content: 'through nginx' });
    expect((await c.get(`/api/pastes/${id}`)).body.content).toBe('through nginx');
  });
});
