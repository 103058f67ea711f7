import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDb } from '../../src/server/db/kysely.js';
import { HttpClient } from '../helpers/http-client.js';
import { testSchemaName } from '../helpers/pg-global-setup.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { setupBody } from '../helpers/test-app.js';
import { tempDir } from '../helpers/test-db.js';

/** PostgreSQL only: the server reaches the database through a proxy the test cuts and restores. */
const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const schema = testSchemaName();
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let client: HttpClient;
const dataDir = tempDir();

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  const proxied = new URL(url);
  proxied.port = String(proxy.port);
  const db = openDb({ databaseUrl: proxied.toString(), dataDir, pgSchema: schema, poolSize: 4 });
  app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), {
    db,
    webRoot: `${dataDir}/none`,
    backgroundJobs: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  client = new HttpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  expect((await client.post('/api/setup', setupBody())).status).toBe(200);
});

afterAll(async () => {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
  await proxy.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('database outage', () => {
  it('answers 503 JSON while the database is away and recovers by itself', async () => {
    const created = await client.post('/api/pastes', { content: 'survives the outage' });
    expect(created.status).toBe(201);

    proxy.cut();
    app.services.settings.invalidate();
    const down = await client.get(`/api/pastes/${created.body.id}`);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ error: 'UNAVAILABLE' });
    expect(down.headers.get('retry-after')).toBe('5');
    expect((await client.get('/readyz')).status).toBe(503);

    proxy.restore();
    const up = await client.get(`/api/pastes/${created.body.id}`);
    expect(up.status).toBe(200);
    expect(up.body.content).toBe('survives the outage');
    expect((await client.get('/readyz')).status).toBe(200);
  });
});
