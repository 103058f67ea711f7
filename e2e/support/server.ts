import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { answersOk, SERVICE_CEILING_MS, StopWaiting, waitUntil } from '../../test/helpers/wait-until';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The timeout of a fixture that starts servers: the start's own wait (and its message) ends first;
 * the rest covers stopping the previous file's server and completing setup.
 */
export const SERVER_FIXTURE_TIMEOUT_MS = SERVICE_CEILING_MS + 60_000;

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits as long as the server needs to start (a loaded machine is slow, not broken), saying why. */
async function waitForHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  await waitUntil(`the server on ${url}`, () => {
    if (child.exitCode !== null) {
      throw new StopWaiting(`exited with code ${child.exitCode} before it was healthy:\n${output()}`);
    }
    return answersOk(`${url}/healthz`);
  });
}

/** Starts the real server (`node --import tsx src/server/main.ts`) on a free port with an empty data folder. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // Always the embedded SQLite in a fresh folder, whatever the calling shell points at.
  const { DATABASE_URL: _postgres, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_AUTOBUILD: 'false',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealthy(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}
