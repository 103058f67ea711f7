/**
 * Part of `npm run bench` (BENCH_SEARCH=0 skips it): full-text search on a realistic set of pastes
 * (BENCH_SEARCH_PASTES, 10,000 by default: code and logs, 200 B to 40 KB), on SQLite and, with
 * BENCH_DATABASE_URL, on PostgreSQL. In process, through the product's own search service and index
 * (no HTTP): p50 and p95 of 20 typical queries (words, prefixes, filters; as a visitor and as a
 * signed-in reader), what writing the index adds to a create (the insert batcher with and without
 * documents), and the index's size against the content's. Reports, never asserts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { systemClock } from '../src/server/clock.js';
import { type Db, openDb } from '../src/server/db/kysely.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createLocalDiskStore } from '../src/server/infra/blob-store/index.js';
import {
  createPasteInsertBatcher,
  type NewPasteRow,
} from '../src/server/modules/pastes/paste-insert-batcher.js';
import { createSearchService } from '../src/server/modules/search/search.service.js';
import { searchDocument } from '../src/server/modules/search/search-document.js';
import { createSearchIndex } from '../src/server/modules/search/search-index.service.js';
import { freshPostgres } from './postgres.js';

if (process.env.BENCH_SEARCH === '0') process.exit(0);

const PASTES = Number(process.env.BENCH_SEARCH_PASTES ?? 10_000);
const ROUNDS = 10;
const UPKEEP_CREATES = 1_000;
const log = (msg: string) => console.error(`[bench:search] ${msg}`);

/** A small deterministic generator, so every run searches the same pastes. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const random = prng(42);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

const SERVICES = ['api', 'auth', 'billing', 'payment', 'queue', 'cache', 'search', 'gateway', 'worker'];
const LEVELS = ['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN', 'ERROR'];
const MESSAGES = [
  'request served in {n} ms',
  'connection refused by {s}:5432',
  'timeout after {n} ms waiting for {s}',
  'retry {n} of 5 for job {id}',
  'cache miss for key user:{id}',
  'null pointer exception in {s}.handler',
  'disk usage at {n}% on /var/lib/{s}',
  'auth token expired for user_id={id}',
  'deploy {s} version 1.{n}.0 finished',
  'http 500 from upstream {s}',
  'queue depth {n} above threshold',
  'latency p99 {n} ms on {s}',
];
const CODE_LINES = [
  'import os',
  'import json',
  'from typing import Optional',
  'def main(config_path: str) -> int:',
  '    with open(config_path) as f:',
  '        config = json.load(f)',
  '    user_id = config.get("user_id")',
  '    return connect_database(config["url"], retries=3)',
  'const client = new Client({ timeout: 5000 });',
  'async function fetchUser(id) { return db.select().from(users).where({ id }); }',
  "SELECT id, email FROM users WHERE created_at > now() - interval '1 day';",
  'export function parseConfig(text: string): Config {',
  'kubectl rollout restart deployment/{s}',
  'throw new PaymentError("payment failed: " + reason);',
  'func handleRequest(w http.ResponseWriter, r *http.Request) {',
  'if err != nil { log.Printf("queue error: %v", err) }',
];
const TAGS = ['ops', 'db', 'incident', 'k8s', 'python', 'logs', 'runbook', 'frontend'];
const LANGUAGES = ['python', 'javascript', 'typescript', 'go', 'sql', 'bash'] as const;

const fill = (t: string) =>
  t
    .replaceAll('{n}', String(Math.floor(random() * 1000)))
    .replaceAll('{s}', pick(SERVICES))
    .replaceAll('{id}', Math.floor(random() * 1e6).toString(36));

/** A paste: two in three are logs, one in three code; sizes mostly small, a few of 40 KB. */
function makePaste(i: number): { title: string; content: string; language: string | null; tags: string[] } {
  const lines = random() < 0.05 ? 800 : 5 + Math.floor(random() * 60);
  const isLog = random() < 0.66;
  const body: string[] = [];
  for (let l = 0; l < lines; l++) {
    body.push(
      isLog
        ? `2026-11-${String(1 + (l % 28)).padStart(2, '0')}T06:${String(l % 60).padStart(2, '0')}:00Z ${pick(LEVELS)} [${pick(SERVICES)}] ${fill(pick(MESSAGES))}`
        : fill(pick(CODE_LINES)),
    );
  }
  return {
    title: isLog ? `${pick(SERVICES)} logs ${i}` : `${pick(SERVICES)} helper ${i}`,
    content: body.join('\n'),
    language: isLog ? null : pick(LANGUAGES),
    tags: random() < 0.4 ? [pick(TAGS)] : [],
  };
}

/** The 20 queries: words and prefixes, with and without filters. */
const QUERIES: { q?: string; tag?: string; language?: string; author?: string }[] = [
  { q: 'error' },
  { q: 'timeout' },
  { q: 'connection refused' },
  { q: 'def main' },
  { q: 'import json' },
  { q: 'null pointer' },
  { q: 'user_id' },
  { q: 'disk usage' },
  { q: 'kubectl rollout' },
  { q: 'retr' },
  { q: 'select users' },
  { q: 'http 500 upstream' },
  { q: 'auth token expired' },
  { q: 'payment failed' },
  { q: 'cache miss' },
  { q: 'deploy version' },
  { q: 'queue', tag: 'ops' },
  { q: 'config', language: 'python' },
  { q: 'latency', author: 'bench1' },
  { tag: 'incident' },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function run(db: Db, label: string) {
  await migrateToLatest(db.kysely, db.dialect, db.schema);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-bench-search-'));
  const blobs = createLocalDiskStore(path.join(dir, 'blobs'));
  const index = createSearchIndex({ db, blobs });
  const search = createSearchService({ db, clock: systemClock, index });
  const now = Date.now();
  const users: number[] = [];
  for (let u = 1; u <= 5; u++) {
    const row = await db.kysely
      .insertInto('users')
      .values({
        username: `bench${u}`,
        username_key: `bench${u}`,
        email: `bench${u}@example.com`,
        role: 'user',
        password_hash: 'x',
        created_at: now,
        registration_ip: null,
        api_key_hash: null,
        api_key_hint: null,
        email_verified: 1,
        vip_activated_at: null,
        vip_banner_url: null,
        vip_banner_link: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push(row.id);
  }
  const row = (i: number, p: ReturnType<typeof makePaste>): NewPasteRow => ({
    id: `b${i.toString(36).padStart(10, '0')}`,
    title: p.title,
    content: p.content,
    blob_key: null,
    size_bytes: Buffer.byteLength(p.content),
    privacy: random() < 0.8 ? 'public' : pick(['unlisted', 'password', 'shared'] as const),
    password_hash: null,
    expiration: 'unlimited',
    expires_at: null,
    burn_after_reading: 0,
    burn_claimed_at: null,
    creator_token_hash: null,
    status: 'ready',
    language: p.language as NewPasteRow['language'],
    view_count: 0,
    user_id: random() < 0.7 ? pick(users) : null,
    created_at: now - Math.floor(random() * 90 * 86_400_000),
    sweep_claimed_at: null,
  });

  log(`${label}: inserting ${PASTES} pastes with their documents`);
  const started = performance.now();
  for (let i = 0; i < PASTES; i += 500) {
    const batch = Array.from({ length: Math.min(500, PASTES - i) }, (_, k) => {
      const p = makePaste(i + k);
      return { row: row(i + k, p), paste: p };
    });
    const docs = await Promise.all(
      batch.map(async (b) => ({
        pasteId: b.row.id,
        doc: await searchDocument(b.row.title ?? null, b.row.privacy === 'password' ? null : b.paste.content),
      })),
    );
    await db.kysely.transaction().execute(async (tx) => {
      await tx
        .insertInto('pastes')
        .values(batch.map((b) => b.row))
        .execute();
      const tagged = batch.flatMap((b) => b.paste.tags.map((tag) => ({ paste_id: b.row.id, tag })));
      if (tagged.length) await tx.insertInto('paste_tags').values(tagged).execute();
      await index.write(tx, docs);
    });
  }
  log(`${label}: loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // Index upkeep: creates through the product's insert batcher, with and without documents.
  const batcher = createPasteInsertBatcher(db, index);
  async function creates(withDocs: boolean, offset: number): Promise<number> {
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: UPKEEP_CREATES }, async (_, k) => {
        const p = makePaste(offset + k);
        const r = row(offset + k, p);
        const doc = withDocs ? await searchDocument(r.title ?? null, p.content) : null;
        await batcher.insert(r, { tags: [], doc });
      }),
    );
    return performance.now() - t0;
  }
  const without = await creates(false, PASTES);
  const withDocs = await creates(true, PASTES + UPKEEP_CREATES);

  const timings: { query: string; p50: number; p95: number; results: number }[] = [];
  const all: number[] = [];
  for (const q of QUERIES) {
    const times: number[] = [];
    let results = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const readerId = r % 2 === 0 ? null : users[r % users.length]!;
      const t0 = performance.now();
      const answer = await search.search({ q: q.q ?? '', ...q } as never, readerId);
      times.push(performance.now() - t0);
      results = answer.results.length;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    timings.push({
      query: JSON.stringify(q),
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      results,
    });
  }
  all.sort((a, b) => a - b);

  const content = await db.kysely
    .selectFrom('pastes')
    .select((eb) => eb.fn.sum<number>('size_bytes').as('bytes'))
    .executeTakeFirstOrThrow();
  const indexBytes =
    db.dialect === 'sqlite'
      ? Number(
          (
            await sql<{
              bytes: number;
            }>`select sum(pgsize) as bytes from dbstat where name like 'paste_search%'
              or name in (select name from sqlite_master where tbl_name like 'paste_search%' and type = 'index')`.execute(
              db.kysely,
            )
          ).rows[0]?.bytes ?? 0,
        )
      : Number(
          (
            await sql<{ bytes: string }>`select pg_total_relation_size('paste_search') as bytes`.execute(
              db.kysely,
            )
          ).rows[0]?.bytes ?? 0,
        );
  fs.rmSync(dir, { recursive: true, force: true });

  console.log(`\n## Search, ${label}: ${PASTES.toLocaleString('en')} pastes`);
  console.log('| query | p50 ms | p95 ms | results (page) |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const t of timings)
    console.log(`| ${t.query} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.results} |`);
  console.log(
    `| all ${all.length} searches | ${percentile(all, 0.5).toFixed(1)} | ${percentile(all, 0.95).toFixed(1)} | |`,
  );
  const perCreate = (ms: number) => (ms / UPKEEP_CREATES).toFixed(2);
  console.log(
    `\nIndex upkeep: ${UPKEEP_CREATES} concurrent creates through the insert batcher took ${without.toFixed(0)} ms without documents (${perCreate(without)} ms each), ${withDocs.toFixed(0)} ms with them (${perCreate(withDocs)} ms each): +${(((withDocs - without) / without) * 100).toFixed(0)} %.`,
  );
  console.log(
    `Index size: ${(indexBytes / 1048576).toFixed(1)} MB for ${(Number(content.bytes) / 1048576).toFixed(1)} MB of content (${((indexBytes / Number(content.bytes)) * 100).toFixed(0)} %).`,
  );
}

const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-bench-search-db-'));
const sqlite = openDb({ dataDir: sqliteDir });
try {
  await run(sqlite, 'SQLite');
} finally {
  await sqlite.close();
  fs.rmSync(sqliteDir, { recursive: true, force: true });
}
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const scratch = await freshPostgres(pgUrl, 'database');
  const pgDb = openDb({ databaseUrl: scratch.url, dataDir: os.tmpdir() });
  try {
    await run(pgDb, 'PostgreSQL');
  } finally {
    await pgDb.close();
    await scratch.drop();
  }
}
