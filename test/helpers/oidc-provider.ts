import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './ports.js';
import { tempDir } from './test-db.js';
import { waitForService } from './wait-for-service.js';

const SCRIPT = path.join(import.meta.dirname, 'oidc-provider-process.mjs');

export interface TestOidcUser {
  password: string;
  claims: {
    email?: string;
    email_verified?: boolean;
    preferred_username?: string;
    name?: string;
    groups?: string[];
  };
}

export interface TestOidcProvider {
  issuer: string;
  /** Replaces an account (or adds it); the provider reads the file at every sign-in. */
  setUser(login: string, user: TestOidcUser): void;
  /** An OIDC_PROVIDERS entry for this provider, with the test client `pasteshare`. */
  envEntry(id: string, extra?: Record<string, unknown>): Record<string, unknown>;
  /** Stops the process (a provider that is down); `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

/**
 * The `oidc-provider` package as its own process on a loopback port (test/helpers/oidc-provider-
 * process.mjs), with the given accounts. Waits for its discovery document as long as it takes.
 */
export async function startOidcProvider(users: Record<string, TestOidcUser>): Promise<TestOidcProvider> {
  const dir = tempDir('oidc-');
  const usersFile = path.join(dir, 'users.json');
  const all = { ...users };
  fs.writeFileSync(usersFile, JSON.stringify(all));
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    let output = '';
    const proc = spawn(process.execPath, [SCRIPT, String(port), usersFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', (d) => (output += d));
    proc.stderr?.on('data', (d) => (output += d));
    child = proc;
    await waitForService(
      `the OpenID provider on port ${port}`,
      proc,
      async () => (await fetch(`${issuer}/.well-known/openid-configuration`)).ok,
      () => output,
    );
  }

  async function stop(): Promise<void> {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  }

  await start();
  return {
    issuer,
    setUser(login, user) {
      all[login] = user;
      fs.writeFileSync(usersFile, JSON.stringify(all));
    },
    envEntry: (id, extra = {}) => ({
      id,
      name: `Test ${id}`,
      issuer,
      clientId: 'pasteshare',
      clientSecret: 'pasteshare-secret',
      scopes: ['openid', 'email', 'profile', 'groups'],
      ...extra,
    }),
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Plays a person at the provider: follows its redirects with its own cookies, fills in its login
 * page, and returns where it sends the browser back to (our callback, with code and state).
 */
export async function loginAtProvider(
  authorizationUrl: string,
  login: string,
  password: string,
): Promise<URL> {
  const origin = new URL(authorizationUrl).origin;
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== origin) return url;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      form = undefined;
      continue;
    }
    const page = await res.text();
    if (!page.includes('name="password"') || form)
      throw new Error(`the provider answered ${res.status}: ${page.slice(0, 300)}`);
    form = new URLSearchParams({ login, password });
  }
  throw new Error('too many redirects at the provider');
}
