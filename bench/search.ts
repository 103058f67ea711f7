/**
 * Part of `npm run bench` (BENCH_SEARCH=0 skips it): full-text search on a realistic set of pastes
 * (bench/search-data.ts: code and logs, 200 B to 40 KB) at each size of BENCH_SEARCH_PASTES
 * (10,000 and 100,000 by default), on SQLite and, with BENCH_DATABASE_URL, on PostgreSQL. In
 * process, through the product's own search service and index (no HTTP): p50 and p95 of 20 typical
 * queries (words, prefixes, filters; as a visitor and as a signed-in reader), what writing the index
 * adds to a create (the insert batcher with and without documents), and the index's size against
 * the content's. Reports, never asserts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { systemClock } from '../src/server/clock.js';
import { type Db, openDb } from '../src/server/db/kysely.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createLocalDiskStore } from '../src/server/infra/blob-store/index.js';
import { createPasteInsertBatcher } from '../src/server/modules/pastes/paste-insert-batcher.js';
import { createSearchService } from '../src/server/modules/search/search.service.js';
import { searchDocument } from '../src/server/modules/search/search-document.js';
import { createSearchIndex } from '../src/server/modules/search/search-index.service.js';
import { freshPostgres } from './postgres.js';
import { copyBase, makePaste, makeUsers, pasteRow, QUERIES, seedBase } from './search-data.js';

if (process.env.BENCH_SEARCH === '0') process.exit(0);

/** Sizes in increasing order; the first is written paste by paste, the others copy it. */
const SIZES = (process.env.BENCH_SEARCH_PASTES ?? '10000,100000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const ROUNDS = 10;
const UPKEEP_CREATES = 1_000;
const log = (msg: string) => console.error(`[bench:search] ${msg}`);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function indexBytesOf(db: Db): Promise<number> {
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{
      bytes: string;
    }>`select pg_total_relation_size('paste_search') as bytes`.execute(db.kysely);
    return Number(rows[0]?.bytes ?? 0);
  }
  const { rows } = await sql<{ bytes: number }>`select sum(pgsize) as bytes from dbstat
    where name like 'paste_search%'
      or name in (select name from sqlite_master where tbl_name like 'paste_search%' and type = 'index')`.execute(
    db.kysely,
  );
  return Number(rows[0]?.bytes ?? 0);
}

async function run(db: Db, label: string) {
  await migrateToLatest(db.kysely, db.dialect, db.schema);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-bench-search-'));
  const blobs = createLocalDiskStore(path.join(dir, 'blobs'));
  const index = createSearchIndex({ db, blobs });
  const search = createSearchService({ db, clock: systemClock, index });
  const batcher = createPasteInsertBatcher(db, index);
  const now = Date.now();
  const users = await makeUsers(db, now);
  const base = SIZES[0]!;

  log(`${label}: inserting ${base} pastes with their documents`);
  let started = performance.now();
  await seedBase(db, index, users, base, now);
  log(`${label}: loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  let size = base;
  for (const target of SIZES) {
    started = performance.now();
    for (let k = size / base; size < target; k++) {
      await copyBase(db, k, Math.min(base, target - size));
      size += Math.min(base, target - size);
    }
    // What autovacuum does after a bulk load: the planner's statistics, GIN pending lists merged.
    if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
    if (target > base)
      log(`${label}: grown to ${target} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await measure(target);
  }
  fs.rmSync(dir, { recursive: true, force: true });

  /** Index upkeep (creates through the product's insert batcher, with and without documents), then the queries. */
  async function measure(target: number) {
    async function creates(withDocs: boolean, offset: number): Promise<number> {
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: UPKEEP_CREATES }, async (_, k) => {
          const p = makePaste(offset + k);
          const r = pasteRow(offset + k, p, users, now);
          const doc = withDocs ? await searchDocument(r.title ?? null, p.content) : null;
          await batcher.insert(r, { tags: [], doc });
        }),
      );
      return performance.now() - t0;
    }
    const without = await creates(false, target);
    const withDocs = await creates(true, target + UPKEEP_CREATES);

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
      .select((eb) => [eb.fn.sum<number>('size_bytes').as('bytes'), eb.fn.countAll<number>().as('n')])
      .executeTakeFirstOrThrow();
    const indexBytes = await indexBytesOf(db);
    console.log(
      `\n## Search, ${label}: ${target.toLocaleString('en')} pastes (${Number(content.n).toLocaleString('en')} with the upkeep creates)`,
    );
    // The host is shared: its load says how far these milliseconds are the search's own.
    const load = os.loadavg().map((l) => l.toFixed(1));
    console.log(
      `Host load average ${load.join(' / ')} (1 / 5 / 15 min) on ${os.availableParallelism()} cores.\n`,
    );
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
}

if (process.env.BENCH_SEARCH_SQLITE !== '0') {
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-bench-search-db-'));
  const sqlite = openDb({ dataDir: sqliteDir });
  try {
    await run(sqlite, 'SQLite');
  } finally {
    await sqlite.close();
    fs.rmSync(sqliteDir, { recursive: true, force: true });
  }
}
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const scratch = await freshPostgres(pgUrl, 'database');
  const pgDb = openDb({ databaseUrl: scratch.url, dataDir: os.tmpdir() });
  try {
    await run(pgDb, 'PostgreSQL');
  } finally {
    await pgDb.close();
    // BENCH_SEARCH_KEEP=1 leaves the database for EXPLAIN ANALYZE (its URL is logged).
    if (process.env.BENCH_SEARCH_KEEP === '1') log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}
