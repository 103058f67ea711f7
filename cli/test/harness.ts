import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, beforeEach, expect } from 'vitest';
import { tempDir } from '../../test/helpers/test-db.js';

/**
 * The real CLI as its users run it — the one-file bundle `npm pack` ships, built from the sources
 * for this test file (its own copy: files run in parallel) — run as a subprocess with a home of its
 * own (config and resume state), fresh for each test.
 */

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
}

const here = import.meta.dirname;

export function cliHarness(opts: { bin?: string } = {}) {
  let bin = opts.bin ?? '';
  let home = '';
  beforeAll(() => {
    bin ||= path.join(tempDir('pasteshare-cli-bin-'), 'pasteshare.mjs');
    const build = spawnSync(process.execPath, [path.join(here, '..', 'build.mjs'), '--outfile', bin], {
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
  });
  beforeEach(() => {
    home = tempDir('pasteshare-cli-home-');
  });

  function env(extra: Record<string, string>): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: home,
      ...extra,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_STATE_HOME: path.join(home, '.local', 'state'),
    };
  }

  function start(args: string[], extra: Record<string, string> = {}, input?: string | Buffer): ChildProcess {
    const child = spawn(process.execPath, [bin, ...args], {
      env: env(extra),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    if (input !== undefined) child.stdin!.end(input);
    else child.stdin!.end();
    return child;
  }

  /** The CLI on a pseudo-terminal (util-linux `script`): what a person at a terminal sees. */
  function onTerminal(args: string[], extra: Record<string, string>): ChildProcess {
    const command = [process.execPath, bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    return spawn('script', ['-qfec', command, '/dev/null'], {
      env: env(extra),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  }

  return {
    start,
    onTerminal,
    env,
    cli: (args: string[], extra: Record<string, string> = {}, input?: string | Buffer) =>
      finish(start(args, extra, input)),
    get home() {
      return home;
    },
    get bin() {
      return bin;
    },
  };
}

export async function finish(child: ChildProcess): Promise<Run> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout!.on('data', (d: Buffer) => out.push(d));
  child.stderr!.on('data', (d: Buffer) => err.push(d));
  const code = await new Promise<number | null>((r) => child.once('close', (c) => r(c)));
  const stdoutBytes = Buffer.concat(out);
  return { code, stdout: stdoutBytes.toString(), stderr: Buffer.concat(err).toString(), stdoutBytes };
}

export const idOf = (url: string) => url.trim().split('#')[0]!.split('/').at(-1)!;
