import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * CPU placement: servers on the last CPU, this process (autocannon) on the others, so a server
 * gets exactly one core and the load generator never steals it. Null when pinning is off.
 */
export interface Pinning {
  serverCpu: number;
  benchCpus: string;
}

export function pinSelf(enabled: boolean): Pinning | null {
  const n = os.availableParallelism();
  if (!enabled || n < 2 || !hasTaskset()) return null;
  const pinning = { serverCpu: n - 1, benchCpus: n === 2 ? '0' : `0-${n - 2}` };
  // -a: every thread of this process (libuv pool, V8 platform threads), not only the main one.
  execFileSync('taskset', ['-a', '-p', '-c', pinning.benchCpus, String(process.pid)], { stdio: 'ignore' });
  return pinning;
}

/** Gives this process (and what it starts from now on) every CPU again. */
export function unpinSelf(pinning: Pinning | null): void {
  if (!pinning) return;
  // Not availableParallelism(): that counts the CPUs this process may use, one while pinned.
  const all = `0-${os.cpus().length - 1}`;
  execFileSync('taskset', ['-a', '-p', '-c', all, String(process.pid)], { stdio: 'ignore' });
}

export interface Child {
  name: string;
  proc: ChildProcess;
  /** The last lines the child wrote (stdout and stderr), for error messages. */
  output(): string;
  /** How it ended (`exit code 1`, `signal SIGKILL`), or null while it runs. */
  ended(): string | null;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

/** Only what a server needs from our environment: nothing like DATABASE_URL leaks in by accident. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
}

/**
 * `node [nodeFlags] --import tsx <script>` (or plain `node` for a `compiled` script) as a child,
 * optionally pinned to one CPU.
 */
export function startNode(
  name: string,
  script: string,
  env: Record<string, string>,
  opts: { nodeFlags?: string[]; cpu?: number; compiled?: boolean } = {},
): Child {
  const nodeArgs = [...(opts.nodeFlags ?? []), ...(opts.compiled ? [] : ['--import', 'tsx']), script];
  const [cmd, args] =
    opts.cpu === undefined
      ? [process.execPath, nodeArgs]
      : ['taskset', ['-c', String(opts.cpu), process.execPath, ...nodeArgs]];
  const proc = spawn(cmd, args, {
    cwd: REPO_ROOT,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-8000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = once(proc, 'exit').then(([code]) => code as number | null);
  return {
    name,
    proc,
    output: () => tail,
    ended: () =>
      proc.exitCode !== null
        ? `exit code ${proc.exitCode}`
        : proc.signalCode !== null
          ? `signal ${proc.signalCode}`
          : null,
    async stop(graceMs = 15_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Polls `url` until it answers 200; fails early when the child dies. */
export async function waitForHttp(child: Child, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ended = child.ended();
    if (ended) throw new Error(`${child.name} ended (${ended}):\n${child.output()}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.output()}`);
}
