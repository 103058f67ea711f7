import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { jsonPostHeaders, type RawResponse, request } from './http.js';
import { createPasteBody, distinctPasteContent } from './payload.js';
import { type Child, freePort, REPO_ROOT, startNode, waitForHttp } from './processes.js';

export interface RunningServer {
  child: Child;
  origin: string;
  dataDir: string;
}

/**
 * The real server, as `npm start` runs it: the compiled bundle `node dist/server/main.js` (rebuilt
 * here when stale), on a fresh data dir (SQLite lives there unless a DATABASE_URL is given).
 */
export async function startPasteshare(opts: {
  name: string;
  dataDir: string;
  databaseUrl?: string;
  cpu?: number;
  nodeFlags?: string[];
  extraEnv?: Record<string, string>;
}): Promise<RunningServer> {
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('The server build failed');
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    WEB_AUTOBUILD: 'false',
    NODE_ENV: 'production',
    // The bench is one client creating pastes as fast as the server takes them: a flood by design.
    PASTE_CREATE_PER_IP_PER_MIN: '1000000000',
    PASTE_CREATE_PER_ACCOUNT_PER_MIN: '1000000000',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.extraEnv,
  };
  const child = startNode(opts.name, path.join('dist', 'server', 'main.js'), env, {
    cpu: opts.cpu,
    nodeFlags: opts.nodeFlags,
    compiled: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(child, `${origin}/healthz`);
  } catch (e) {
    await child.stop(1000);
    throw e;
  }
  return { child, origin, dataDir: opts.dataDir };
}

function expectStatus(what: string, res: RawResponse, status: number): void {
  if (res.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${res.status} ${res.body.toString('utf8').slice(0, 500)}`,
    );
  }
}

/** First-run setup through the API, as the wizard does (the API answers 409 until then). */
export async function completeSetup(origin: string): Promise<void> {
  const body = JSON.stringify({
    siteTitle: 'Bench',
    domain: origin,
    adminUsername: 'admin',
    adminPassword: 'bench-admin-pass-123',
    adminEmail: 'admin@example.com',
  });
  const res = await request(`${origin}/api/setup`, {
    method: 'POST',
    headers: jsonPostHeaders(origin),
    body,
  });
  expectStatus('POST /api/setup', res, 200);
}

export async function createPaste(
  origin: string,
  body = createPasteBody(),
  agent?: http.Agent,
): Promise<string> {
  const res = await request(`${origin}/api/pastes`, {
    method: 'POST',
    headers: jsonPostHeaders(origin),
    body,
    agent,
  });
  expectStatus('POST /api/pastes', res, 201);
  return (JSON.parse(res.body.toString('utf8')) as { id: string }).id;
}

export async function getPaste(origin: string, id: string): Promise<RawResponse> {
  const res = await request(`${origin}/api/pastes/${id}`);
  expectStatus(`GET /api/pastes/${id}`, res, 200);
  return res;
}

/** Setup plus the one paste the GET scenario reads; returns its id and the exact GET response. */
export async function prepare(server: RunningServer): Promise<{ id: string; get: RawResponse }> {
  await completeSetup(server.origin);
  const id = await createPaste(server.origin);
  return { id, get: await getPaste(server.origin, id) };
}

/**
 * The GET-many set: `count` public 2 KiB pastes, each with different content (distinctPasteContent),
 * created `concurrency` at a time over keep-alive connections. Returns their ids in creation order.
 */
export async function createDistinctPastes(
  origin: string,
  count: number,
  concurrency = 32,
): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const ids = new Array<string>(count);
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      ids[n] = await createPaste(origin, createPasteBody(distinctPasteContent(n)), agent);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  } finally {
    agent.destroy();
  }
  return ids;
}
