import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { answersOk, StopWaiting, waitUntil } from './wait-until.js';

const root = path.resolve(import.meta.dirname, '../..');

/** What `npm start` runs: the compiled bundle, rebuilt when stale (the build is atomic). */
export function buildCompiledServer(): void {
  const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}`);
}

export interface CompiledServer {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** What the process wrote so far (its warnings and errors: LOG_LEVEL=warn unless `env` says). */
  output(): string;
}

/**
 * `dist/server/main.js` in a process of its own on `port`, with `env` over the test's environment;
 * resolves once it answers /healthz (it has migrated and listens), however long that takes.
 */
export async function startCompiledServer(
  port: number,
  env: Record<string, string>,
): Promise<CompiledServer> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output += d.toString();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  try {
    await waitUntil(`the compiled server on ${port}`, () => {
      if (exitCode !== undefined) throw new StopWaiting(`exited with ${exitCode}: ${output}`);
      return answersOk(`${baseUrl}/healthz`);
    });
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return { baseUrl, port, child, exited, output: () => output };
}
