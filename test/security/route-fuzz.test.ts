import http from 'node:http';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../helpers/http-client.js';
import { createPaste } from '../helpers/pastes.js';
import {
  ADMIN,
  completeSetup,
  createUser,
  loginClient,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.js';
import { tableColumns } from '../helpers/test-db.js';

/**
 * Every API route in the access table, as every kind of caller, gets generated requests of every
 * bad shape: wrong types, missing and unknown fields, 100 kB strings, NUL and invalid UTF-8, deep
 * nesting, odd ids, duplicate and odd headers, wrong content types and methods, truncated JSON.
 * No answer may be a 5xx, the server must stay up, and a refused request must write nothing.
 */

const RUNS_PER_ROUTE_AND_ROLE = 25;
const ROLES = ['visitor', 'user', 'admin', 'api-key'] as const;
type Role = (typeof ROLES)[number];

/** Field names the API knows, so generated bodies reach past "unknown field" into type checks. */
const FIELDS = [
  'title',
  'content',
  'privacy',
  'expiration',
  'burnAfterReading',
  'password',
  'username',
  'email',
  'captchaToken',
  'reason',
  'licenseKey',
  'bannerImageUrl',
  'bannerLink',
  'currentPassword',
  'newPassword',
  'token',
  'role',
  'siteTitle',
  'maxPasteSize',
  'faviconUrl',
  'uploadId',
  'chunkIndex',
  'totalChunks',
  'totalSize',
  'siteKey',
  'secretKey',
  'provider',
  'domain',
  'adminUsername',
  'adminPassword',
  'adminEmail',
  'enableRbac',
  'smtpPort',
  '__proto__',
  'constructor',
];
const QUERY_KEYS = [
  'page',
  'limit',
  'pageSize',
  'search',
  'role',
  'period',
  'title',
  'expiration',
  'privacy',
];

const big = (n: number) => fc.constant('x'.repeat(n));
const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'null',
    'NaN',
    '-1',
    '0',
    '1e400',
    '[]',
    '{}',
    '../../etc/passwd',
    '%00',
  ),
  big(100_000),
);
/** Query values stay under the 16 kB request head that Node accepts; bodies carry the huge ones. */
const oddQueryValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', '-1', '0', '1e400', 'NaN', '[]'),
  big(4000),
);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 4 }),
);
const oddId = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '99999999999999999999',
    '1e3',
    'nonexistent',
    '..',
    '%2e%2e',
    '%00',
    '%ff%fe',
    'a'.repeat(250),
    '%F0%9F%8E%89',
    'null',
    '__proto__',
    '%20',
  ),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);

type Body = { kind: 'none' } | { kind: 'bytes'; bytes: Buffer } | { kind: 'json'; value: unknown };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc
    .dictionary(fc.constantFrom(...FIELDS), oddValue, { maxKeys: 6 })
    .map((value) => ({ kind: 'json' as const, value })),
  fc.jsonValue({ maxDepth: 6 }).map((value) => ({ kind: 'json' as const, value })),
  fc
    .constantFrom(
      '{"title": "ab', // truncated
      '{"content": "\u0000"}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2001)}`,
      '{"content": 1, "content": "dup"}',
      'not json at all',
    )
    .map((s) => ({ kind: 'bytes' as const, bytes: Buffer.from(s) })),
  fc.uint8Array({ maxLength: 200 }).map((a) => ({ kind: 'bytes' as const, bytes: Buffer.from(a) })),
  fc.constant({
    kind: 'bytes' as const,
    bytes: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
  }),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/octet-stream',
  '',
];
const headers = fc.record(
  {
    contentType: fc.constantFrom(...CONTENT_TYPES),
    extra: fc.array(
      fc.tuple(
        fc.constantFrom(
          'x-paste-password',
          'x-api-key',
          'range',
          'if-none-match',
          'accept-encoding',
          'x-forwarded-for',
        ),
        fc.oneof(
          fc.string({ maxLength: 30 }),
          big(300),
          fc.constantFrom('bytes=-1', 'bytes=5-2', 'bytes=0-0,1-1'),
        ),
      ),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: ['contentType', 'extra'] },
);

const request = fc.record({
  wrongMethod: fc.constantFrom(false, false, false, false, false, false, false, false, true),
  otherMethod: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
  id: oddId,
  useRealId: fc.boolean(),
  query: fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), oddQueryValue, {
    maxKeys: 3,
  }),
  headers,
  body,
});
type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;

interface Caller {
  role: Role;
  client: HttpClient | null;
  apiKey?: string;
  relogin?: () => Promise<HttpClient>;
}

let t: TestApp;
const callers: Caller[] = [];
let realPasteId = '';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let sent = 0;

beforeAll(async () => {
  // Creation limits high: a refused 429 is fine, but the fuzz should reach the handlers.
  t = await startTestApp({
    env: {
      PASTE_CREATE_PER_IP_PER_MIN: '100000',
      PASTE_CREATE_PER_ACCOUNT_PER_MIN: '100000',
      // Served, so every request is timed into the metrics the last test counts.
      METRICS_TOKEN: 'route-fuzz-metrics-token',
    },
  });
  await completeSetup(t);
  const user = await createUser(t, { role: 'user' });
  const keyOwner = await createUser(t, { role: 'user' });
  const keyClient = await loginClient(t, keyOwner.username, keyOwner.plainPassword);
  const apiKey = (await keyClient.post('/api/user/regenerate-api-key')).body.apiKey as string;
  const login = (username: string, password: string) => () => loginClient(t, username, password);
  callers.push(
    { role: 'visitor', client: null },
    { role: 'user', client: null, relogin: login(user.username, user.plainPassword) },
    { role: 'admin', client: null, relogin: login(ADMIN.username, ADMIN.password) },
    { role: 'api-key', client: null, apiKey },
  );
  for (const c of callers) c.client = c.relogin ? await c.relogin() : t.client();
  realPasteId = (await createPaste(t.client())).id;
});

afterAll(async () => {
  agent.destroy();
  await t?.close();
});

/** Rows per table: a refused request must leave every count as it was. */
let tables: string[] | undefined;
async function rowCounts(): Promise<Record<string, number>> {
  tables ??= [...(await tableColumns(t.db)).keys()].filter((n) => !n.startsWith('kysely_'));
  const parts = tables.map((name) => sql`select ${name} as name, count(*) as n from ${sql.table(name)}`);
  const { rows } = await sql<{
    name: string;
    n: number | string;
  }>`${sql.join(parts, sql` union all `)}`.execute(t.db.kysely);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

function send(
  method: string,
  path: string,
  headerPairs: [string, string][],
  payload: Buffer | undefined,
): Promise<{ status: number; text: string }> {
  sent += 1;
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        // Headers as a flat list keep duplicates; given so, Node adds no Host of its own.
        headers: [
          ['host', `127.0.0.1:${port}`],
          ...headerPairs,
        ].flat() as unknown as http.OutgoingHttpHeaders,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function buildRequest(route: { method: string; url: string }, caller: Caller, g: Generated) {
  const method = g.wrongMethod ? g.otherMethod : route.method;
  const id = g.useRealId ? realPasteId : g.id;
  const path = route.url.replace(/:[A-Za-z]+/g, id);
  const qs = new URLSearchParams(g.query as Record<string, string>).toString();
  const pairs: [string, string][] = [];
  const jar = caller.client ? cookieHeader(caller.client) : '';
  if (jar) pairs.push(['cookie', jar]);
  if (caller.apiKey) pairs.push(['x-api-key', caller.apiKey]);
  // Browser-like callers send our Origin so CSRF checks let the request reach the route.
  if (caller.role !== 'api-key' && method !== 'GET') pairs.push(['origin', t.baseUrl]);
  if (g.headers.contentType) pairs.push(['content-type', g.headers.contentType]);
  for (const [k, v] of g.headers.extra) pairs.push([k, v.replace(/[\r\n]/g, ' ')]);
  let payload: Buffer | undefined;
  if (g.body.kind === 'json') payload = Buffer.from(JSON.stringify(g.body.value) ?? 'null');
  if (g.body.kind === 'bytes') payload = g.body.bytes;
  // Node frames a GET's body only when told its length; otherwise the bytes read as a second request.
  if (payload) pairs.push(['content-length', String(payload.length)]);
  return { method, path: qs ? `${path}?${qs}` : path, pairs, payload };
}

function cookieHeader(client: HttpClient): string {
  const jar = (client as unknown as { cookies: Map<string, string> }).cookies;
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('route fuzz: no request of any shape makes a 5xx or a write it was refused', () => {
  it('survives generated requests to every route as every caller', async () => {
    const routes = t.app.routeAccess.filter((r) => !['/api/logout', '/api/setup'].includes(r.url));
    expect(routes.length).toBeGreaterThan(30);
    const started = Date.now();
    const statuses = new Map<number, number>();
    for (const route of routes) {
      for (const caller of callers) {
        await fc.assert(
          fc.asyncProperty(request, async (g) => {
            const r = buildRequest(route, caller, g);
            const before = await rowCounts();
            const res = await send(r.method, r.path, r.pairs, r.payload).catch((e: Error) => {
              throw new Error(
                `${caller.role} ${r.method} ${r.path.slice(0, 120)} [${g.headers.contentType}]: ${e.message}`,
              );
            });
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const what = () =>
              `${caller.role} ${r.method} ${r.path.slice(0, 120)} ${JSON.stringify(r.pairs.filter(([k]) => k !== 'cookie')).slice(0, 300)} body ${JSON.stringify(r.payload?.toString('latin1').slice(0, 200))}`;
            expect(res.status, `${what()} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
            if (res.status >= 400) {
              expect(
                await rowCounts(),
                `${caller.role} ${r.method} ${route.url} refused with ${res.status} but wrote`,
              ).toEqual(before);
            }
            // A request that ended this caller's session (password change, logout) signs it in again.
            if (caller.relogin && caller.client && !cookieHeader(caller.client))
              caller.client = await caller.relogin();
          }),
          { numRuns: RUNS_PER_ROUTE_AND_ROLE, endOnFailure: true },
        );
      }
    }
    expect(
      statuses.get(200),
      'some requests must succeed, or the fuzz never reached a handler',
    ).toBeGreaterThan(50);
    const health = await send('GET', '/healthz', [], undefined);
    expect(health.status).toBe(200);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(
      `route fuzz: ${sent} requests to ${routes.length} routes × ${callers.length} callers in ${((Date.now() - started) / 1000).toFixed(1)} s (${byStatus.join(' ')})`,
    );
  });

  it('leaves a bounded set of metric series behind: route patterns, never ids or URLs', async () => {
    const families = await t.app.services.metrics.registry.getMetricsAsJSON();
    const timed = families.find(
      (f) => f.name === 'http_request_duration_seconds_count' || f.name === 'http_request_duration_seconds',
    );
    expect(timed?.values.length, 'the fuzz requests were timed').toBeGreaterThan(100);
    const series = families.reduce((n, f) => n + f.values.length, 0);
    // The fuzz above sent thousands of requests with odd ids, paths and users. The series come
    // from fixed label sets: routes × methods × status classes × histogram buckets, plus the
    // process metrics — 75 a route at the most (the ceiling was 3,000 for 40 routes). It would be
    // crossed at once by a label that takes a URL or an id.
    const ceiling = 75 * t.app.routeAccess.length;
    expect(series, `${series} series after ${sent} requests (ceiling ${ceiling})`).toBeLessThan(ceiling);
    const patterns = new Set(['unmatched', ...t.app.routeAccess.map((r) => r.url)]);
    const routes = families
      .find((f) => f.name === 'http_request_duration_seconds')!
      .values.map((v) => String(v.labels.route));
    for (const route of routes) {
      expect(patterns.has(route) || !route.startsWith('/api'), `route label ${route}`).toBe(true);
    }
    // More distinct ids, users' paths and unknown URLs add requests, never series.
    const count = async () =>
      (await t.app.services.metrics.registry.getMetricsAsJSON())
        .filter((f) => !f.name.startsWith('nodejs_') && !f.name.startsWith('process_'))
        .reduce((n, f) => n + f.values.length, 0);
    const lookUpStrangers = async (from: number) => {
      for (let i = from; i < from + 30; i++) {
        await send('GET', `/api/pastes/${`missing${i}`.padEnd(12, 'x')}`, [], undefined);
        await send('GET', `/raw/${`gone${i}`.padEnd(12, 'y')}`, [], undefined);
        await send('GET', `/api/no-such-route-${i}`, [], undefined);
      }
    };
    await lookUpStrangers(0); // the label combinations these make, once
    const beforeMore = await count();
    await lookUpStrangers(1000);
    expect(await count()).toBe(beforeMore);
    const nonApi = new Set(routes.filter((r) => !r.startsWith('/api')));
    expect(
      [...nonApi].every((r) => /^(unmatched|\/[a-z/:*-]*)$/.test(r)),
      [...nonApi].join(' '),
    ).toBe(true);
  });
});
