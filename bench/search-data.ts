/**
 * The pastes `bench/search.ts` searches: a deterministic mix of code and logs (200 B to 40 KB), a
 * base set written with its documents through the product's index, then grown to larger sizes by
 * copying that set in bulk (INSERT … SELECT; the SQLite FTS5 table, contentless, from the base
 * set's words kept in a temporary table), so 100,000 pastes load in a few minutes.
 */
import { type Kysely, sql } from 'kysely';
import type { Db } from '../src/server/db/kysely.js';
import type { Database } from '../src/server/db/schema.js';
import type { NewPasteRow } from '../src/server/modules/pastes/paste-insert-batcher.js';
import { searchDocument } from '../src/server/modules/search/search-document.js';
import type { SearchIndex } from '../src/server/modules/search/search-index.service.js';

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

export type BenchPaste = { title: string; content: string; language: string | null; tags: string[] };

/** A paste: two in three are logs, one in three code; sizes mostly small, a few of 40 KB. */
export function makePaste(i: number): BenchPaste {
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
export const QUERIES: { q?: string; tag?: string; language?: string; author?: string }[] = [
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

/** Base set ids: `b` and ten base-36 digits, in order; copy k of paste `bX` is `c{k}X`. */
export const pasteId = (i: number) => `b${i.toString(36).padStart(10, '0')}`;

/** The five readers and authors, bench1…bench5. */
export async function makeUsers(db: Db, now: number): Promise<number[]> {
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
  return users;
}

/** A paste's row: four in five public, the rest unlisted, password or shared; most signed. */
export function pasteRow(i: number, p: BenchPaste, users: number[], now: number): NewPasteRow {
  return {
    id: pasteId(i),
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
  };
}

const COPIED = [
  'title',
  'content',
  'blob_key',
  'size_bytes',
  'privacy',
  'password_hash',
  'expiration',
  'expires_at',
  'burn_after_reading',
  'burn_claimed_at',
  'creator_token_hash',
  'status',
  'language',
  'view_count',
  'user_id',
  'sweep_claimed_at',
] as const;

/** The base set: `count` pastes, their tags and documents, in transactions of 500. */
export async function seedBase(db: Db, index: SearchIndex, users: number[], count: number, now: number) {
  if (db.dialect === 'sqlite')
    await sql`create temp table bench_words (paste_id text primary key, title text, body text)`.execute(
      db.kysely,
    );
  for (let i = 0; i < count; i += 500) {
    const batch = Array.from({ length: Math.min(500, count - i) }, (_, k) => {
      const p = makePaste(i + k);
      return { row: pasteRow(i + k, p, users, now), paste: p };
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
      if (db.dialect === 'sqlite')
        for (const d of docs)
          await sql`insert into bench_words values (${d.pasteId}, ${d.doc.title.join(' ')},
            ${d.doc.body.join(' ')})`.execute(tx);
    });
  }
}

/**
 * Copy `k` (≥ 1) of the base set's first `count` pastes, with their tags and documents, each an
 * hour older per copy: four statements, whatever the count.
 */
export async function copyBase(db: Db, k: number, count: number) {
  const last = pasteId(count);
  const newId = (col: string) => sql.raw(`'c${k}' || substr(${col}, 2)`);
  const cols = sql.raw(COPIED.join(', '));
  await db.kysely.transaction().execute(async (tx: Kysely<Database>) => {
    await sql`insert into pastes (id, created_at, ${cols})
      select ${newId('id')}, created_at - ${k * 3_600_000}, ${cols} from pastes
      where id >= 'b' and id < ${last}`.execute(tx);
    await sql`insert into paste_tags (paste_id, tag) select ${newId('paste_id')}, tag from paste_tags
      where paste_id >= 'b' and paste_id < ${last}`.execute(tx);
    if (db.dialect === 'postgres') {
      await sql`insert into paste_search (paste_id, document, title_document)
        select ${newId('paste_id')}, document, title_document from paste_search
        where paste_id >= 'b' and paste_id < ${last}`.execute(tx);
      return;
    }
    await sql`insert into paste_search (paste_id) select ${newId('paste_id')} from bench_words
      where paste_id < ${last}`.execute(tx);
    await sql`insert into paste_search_fts (rowid, title, body)
      select ps.doc_id, w.title, w.body from bench_words w
      join paste_search ps on ps.paste_id = ${newId('w.paste_id')}
      where w.paste_id < ${last}`.execute(tx);
  });
}
