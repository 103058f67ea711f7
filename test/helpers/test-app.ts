import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN, type Role } from '../../src/common/constants.js';
import { type App, buildApp } from '../../src/server/app.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import type { Db } from '../../src/server/db/kysely.js';
import type { MailerOptions } from '../../src/server/infra/mailer/index.js';
import { hashPassword } from '../../src/server/lib/passwords.js';
import type { LogStream } from '../../src/server/logging.js';
import { insertUser, type UserRow } from '../../src/server/modules/users/users.repository.js';
import type { PastePageRenderer } from '../../src/server/plugins/web-app.js';
import { HttpClient } from './http-client.js';
import { type OpenApiDocument, openApiAnswerCheck } from './openapi-answers.js';
import { TestClock } from './test-clock.js';
import { openMigratedTestDb, openSameDb, releaseTestDb, tempDir } from './test-db.js';

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  clock: TestClock;
  baseUrl: string;
  dataDir: string;
  /** A new browser-like client (own cookie jar). */
  client(): HttpClient;
  close(): Promise<void>;
}

/**
 * A real server on a random loopback port with a fresh database of the dialect under test
 * (TEST_DIALECT) and its own data folder. `env` overrides environment variables.
 */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: TestClock;
    mailerOptions?: MailerOptions;
    /** Another instance of the same site: its database and data folder, its own process state. */
    sharing?: TestApp;
    /** A built web app to serve; by default none (the API only). */
    webRoot?: string;
    /** The paste page's server renderer, with webRoot. */
    renderPastePage?: PastePageRenderer;
    /** Where log lines go (set LOG_LEVEL in env too: tests log nothing by default). */
    logStream?: LogStream;
  } = {},
): Promise<TestApp> {
  const dataDir = opts.sharing?.dataDir ?? tempDir();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...opts.env });
  const db = opts.sharing ? openSameDb(opts.sharing.db, dataDir) : await openMigratedTestDb(dataDir);
  const clock = opts.clock ?? new TestClock(Date.now());
  const answers = openApiAnswerCheck();
  const app = await buildApp(config, {
    db,
    clock,
    webRoot: opts.webRoot ?? `${dataDir}/no-web-build`,
    renderPastePage: opts.renderPastePage,
    mailerOptions: opts.mailerOptions,
    logStream: opts.logStream,
    checkResponses: true,
    checkAnswer: answers.check,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // What GET /api/openapi.json serves (read here: before setup that route answers 409).
  answers.use(servedDocument(app));
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    db,
    config,
    clock,
    baseUrl,
    dataDir,
    client: () => new HttpClient(baseUrl),
    async close() {
      // Keep-alive connections of the test's fetch calls would otherwise hold the close open.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await releaseTestDb(db);
      // The first instance owns the data folder; a sharing one leaves it to it.
      if (!opts.sharing) fs.rmSync(dataDir, { recursive: true, force: true });
      if (answers.mismatches.length) {
        throw new Error(
          `answers that the OpenAPI document does not allow:\n${answers.mismatches.join('\n')}`,
        );
      }
    },
  };
}

/**
 * The OpenAPI document by the routes a server has. Generating it converts every route's schemas
 * (about a third of a test server's start); servers with the same routes serve the same document.
 */
const documents = new Map<string, OpenApiDocument>();
function servedDocument(app: App): OpenApiDocument {
  const routes = app.routeAccess.map((r) => `${r.method} ${r.url}`).join('\n');
  let doc = documents.get(routes);
  if (!doc) {
    doc = JSON.parse(JSON.stringify(app.swagger())) as OpenApiDocument;
    documents.set(routes, doc);
  }
  return doc;
}

/**
 * An object that forwards every property to whatever `current()` returns when it is read, so a
 * suite can hold one `const` while its hooks start and close the real thing.
 */
export function liveView<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_target, prop) {
      const value = current();
      if (!value) throw new Error(`${what} is not running: use it inside a test or hook`);
      return Reflect.get(value, prop);
    },
  });
}

/**
 * Registers the hooks that start a test app (and complete setup unless `setup: false`) before
 * each test and close it after — or once for the whole file with `each: false`. Returns a
 * stand-in for the current TestApp: `const t = withTestApp();` then `t.client()` in tests.
 */
export function withTestApp(
  opts: Parameters<typeof startTestApp>[0] & { setup?: boolean; each?: boolean } = {},
): TestApp {
  const { setup = true, each = true, ...startOpts } = opts;
  let current: TestApp | undefined;
  (each ? beforeEach : beforeAll)(async () => {
    current = await startTestApp(startOpts);
    if (setup) await completeSetup(current);
  });
  (each ? afterEach : afterAll)(async () => {
    const closing = current;
    current = undefined;
    await closing?.close();
  });
  return liveView(() => current, 'the test app');
}

export const ADMIN = { username: 'admin', password: 'admin-pass-123', email: 'admin@example.com' };

export function setupBody(overrides: Record<string, unknown> = {}) {
  return {
    siteTitle: 'Test Paste',
    domain: 'http://localhost',
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    adminEmail: ADMIN.email,
    ...overrides,
  };
}

/** Completes first-run setup through the API, as the wizard does. */
export async function completeSetup(t: TestApp, overrides: Record<string, unknown> = {}): Promise<void> {
  // The wizard fills in the origin it is served from.
  const res = await t.client().post('/api/setup', setupBody({ domain: t.baseUrl, ...overrides }));
  if (res.status !== 200) throw new Error(`setup failed: ${res.status} ${res.text}`);
}

let counter = 0;

/** Inserts an account directly (factory) and returns it with its password. */
export async function createUser(
  t: TestApp,
  opts: { role?: Role; username?: string; password?: string; email?: string; emailVerified?: boolean } = {},
): Promise<UserRow & { plainPassword: string }> {
  counter += 1;
  const username = opts.username ?? `user${counter}${Math.floor(Math.random() * 1e6)}`;
  const password = opts.password ?? 'password-123';
  const row = await insertUser(t.db.kysely, {
    username,
    username_key: username.toLowerCase(),
    email: opts.email ?? `${username.toLowerCase()}@example.com`,
    role: opts.role ?? 'user',
    password_hash: await hashPassword(password),
    created_at: t.clock.now(),
    registration_ip: '127.0.0.1',
    api_key_hash: null,
    api_key_hint: null,
    email_verified: opts.emailVerified === false ? 0 : 1,
    vip_activated_at: opts.role === 'vip' ? t.clock.now() : null,
    vip_banner_url: null,
    vip_banner_link: null,
  });
  return { ...row, plainPassword: password };
}

/** A client signed in as the given account. */
export async function loginClient(t: TestApp, username: string, password: string): Promise<HttpClient> {
  const c = t.client();
  const res = await c.post('/api/login', { username, password, captchaToken: CAPTCHA_BYPASS_TOKEN });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return c;
}

/** Setup done, plus a signed-in client of a new account with the given role. */
export async function signedIn(t: TestApp, role: Role = 'user') {
  const user = await createUser(t, { role });
  return { user, client: await loginClient(t, user.username, user.plainPassword) };
}
