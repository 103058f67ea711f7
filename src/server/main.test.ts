import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCompiledServer, startCompiledServer } from '../../test/helpers/compiled-server.js';
import { freePort } from '../../test/helpers/ports.js';
import { setupBody } from '../../test/helpers/test-app.js';
import { tempDir } from '../../test/helpers/test-db.js';

const root = path.resolve(import.meta.dirname, '../..');

// The process under test is what `npm start` runs: the compiled bundle, rebuilt here when stale.
beforeAll(buildCompiledServer);
let child: ChildProcess | null = null;
let dataDir = '';

async function startServer(
  env: Record<string, string>,
): Promise<{ base: string; exited: Promise<number | null> }> {
  dataDir = tempDir();
  const server = await startCompiledServer(await freePort(), {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  child = server.child;
  return { base: server.baseUrl, exited: server.exited };
}

afterEach(() => {
  child?.kill('SIGKILL');
  child = null;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('main', () => {
  it('refuses to start on a bad variable, naming it', async () => {
    const p = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' },
    });
    let stderr = '';
    p.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise((r) => p.once('exit', r));
    expect(code).toBe(1);
    expect(stderr).toMatch(/PORT:/);
    expect(stderr).toMatch(/DATABASE_URL:/);
  });

  it('refuses TRUST_PROXY=0.0.0.0/0 with one line naming it, never a stack trace', async () => {
    const p = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: root,
      env: { ...process.env, TRUST_PROXY: '0.0.0.0/0', DATA_DIR: dataDir },
    });
    let stderr = '';
    p.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise((r) => p.once('exit', r));
    expect(code).toBe(1);
    expect(stderr).toMatch(/TRUST_PROXY: 0\.0\.0\.0\/0 covers too much of the address space/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('finishes an in-flight download on SIGTERM, then exits cleanly', async () => {
    const { base, exited } = await startServer({});
    const origin = { origin: base, 'content-type': 'application/json' };
    expect(
      (
        await fetch(`${base}/api/setup`, {
          method: 'POST',
          headers: origin,
          body: JSON.stringify(setupBody()),
        })
      ).ok,
    ).toBe(true);
    const content = 'z'.repeat(8 * 1024 * 1024);
    // Content this large is sent as a form with a file part, as the web app does.
    const form = new FormData();
    form.append('content', new Blob([content]), 'big.txt');
    const created = await fetch(`${base}/api/pastes`, {
      method: 'POST',
      headers: { origin: base },
      body: form,
    });
    const { id } = (await created.json()) as { id: string };

    const res = await fetch(`${base}/api/pastes/${id}/download`);
    const reader = res.body!.getReader();
    let received = (await reader.read()).value?.length ?? 0;
    child!.kill('SIGTERM');
    // New connections are refused while the in-flight body still arrives in full.
    await new Promise((r) => setTimeout(r, 200));
    const refused = await new Promise<string | undefined>((resolve) => {
      const s = net.connect(Number(new URL(base).port), '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(undefined);
      });
      s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code));
    });
    expect(refused).toBe('ECONNREFUSED');
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
    }
    expect(received).toBe(content.length);
    expect(await exited).toBe(0);
  });
});
