import { type Kysely, sql } from 'kysely';
import type { Role } from '../../../common/constants.js';
import { type DialectName, jsonQuoted, pasteTagsJoined } from '../../db/dialect.js';
import type { Db } from '../../db/kysely.js';
import { whereLive } from '../../db/paste-expiry.js';
import { type PromiseOrValue, preparedQuery, type RowValues } from '../../db/prepared.js';
import { createReadBatcher } from '../../db/read-batcher.js';
import type { Database } from '../../db/schema.js';
import type { PasteRow } from './pastes.repository.js';

/**
 * The hottest read of all: a live paste by id, for every view, raw read and download. Compiled
 * once, run on the driver (see preparedQuery); batched on PostgreSQL (see createReadBatcher).
 */

/** A live paste as its readers need it, with what its view shows of the author. */
export type PasteWithAuthor = Omit<
  PasteRow,
  'sweep_claimed_at' | 'held_at' | 'creator_ip' | 'content_hash'
> & {
  /** Inline content as a JSON string literal, quoted by the database (see jsonQuoted); else null. */
  content_json: string | null;
  author_username: string | null;
  author_role: Role | null;
  author_banner_url: string | null;
  author_banner_link: string | null;
  author_vip_activated_at: number | null;
  /** Its tags, space-separated (see pasteTagsJoined); null = none. */
  tags: string | null;
};

/** A live paste's columns, in the order livePasteFrom reads them (the id first: see createReadBatcher). */
const selectLivePaste = (db: Kysely<Database>, dialect: DialectName, now: number) =>
  db
    .selectFrom('pastes')
    .leftJoin('users', 'users.id', 'pastes.user_id')
    .select([
      'pastes.id',
      'pastes.title',
      'pastes.content',
      jsonQuoted('pastes.content', dialect).as('content_json'),
      'pastes.blob_key',
      'pastes.size_bytes',
      'pastes.privacy',
      'pastes.password_hash',
      'pastes.expiration',
      'pastes.expires_at',
      'pastes.burn_after_reading',
      'pastes.burn_claimed_at',
      'pastes.creator_token_hash',
      'pastes.status',
      'pastes.language',
      'pastes.view_count',
      'pastes.user_id',
      'pastes.created_at',
      'pastes.revision_count',
      'pastes.edited_at',
      'pastes.forked_from',
      'pastes.encryption',
      'pastes.sealed_title',
      'pastes.held_reason',
      'pastes.files',
      'users.username',
      'users.role',
      'users.vip_banner_url',
      'users.vip_banner_link',
      'users.vip_activated_at',
      pasteTagsJoined(dialect).as('tags'),
    ])
    .where(whereLive(now));

const livePasteQuery = preparedQuery(
  'find_live_paste',
  2,
  (db: Kysely<Database>, dialect: DialectName, id: string, now: number) =>
    selectLivePaste(db, dialect, now).where('pastes.id', '=', id),
);

/** PostgreSQL: the reads of one event-loop turn in one query (see createReadBatcher). */
const livePastesQuery = preparedQuery(
  'find_live_pastes',
  2,
  (db: Kysely<Database>, dialect: DialectName, ids: string[], now: number) =>
    selectLivePaste(db, dialect, now).where(sql<boolean>`pastes.id = any(${ids}::text[])`),
);
const batchedReads = new WeakMap<Db, ReturnType<typeof createReadBatcher>>();

/** One object literal, fields in select order: V8 keeps it a fast object whatever reads it next. */
function livePasteFrom(v: RowValues): PasteWithAuthor {
  let i = 0;
  return {
    id: v[i++] as string,
    title: v[i++] as string | null,
    content: v[i++] as string | null,
    content_json: v[i++] as string | null,
    blob_key: v[i++] as string | null,
    size_bytes: Number(v[i++]),
    privacy: v[i++] as PasteRow['privacy'],
    password_hash: v[i++] as string | null,
    expiration: v[i++] as PasteRow['expiration'],
    expires_at: nullableNumber(v[i++]),
    burn_after_reading: Number(v[i++]),
    burn_claimed_at: nullableNumber(v[i++]),
    creator_token_hash: v[i++] as string | null,
    status: v[i++] as PasteRow['status'],
    language: v[i++] as PasteRow['language'],
    view_count: Number(v[i++]),
    user_id: nullableNumber(v[i++]),
    created_at: Number(v[i++]),
    revision_count: Number(v[i++]),
    edited_at: nullableNumber(v[i++]),
    forked_from: v[i++] as string | null,
    encryption: nullableNumber(v[i++]),
    sealed_title: v[i++] as string | null,
    held_reason: v[i++] as PasteRow['held_reason'],
    files: v[i++] as string | null,
    author_username: v[i++] as string | null,
    author_role: v[i++] as Role | null,
    author_banner_url: v[i++] as string | null,
    author_banner_link: v[i++] as string | null,
    author_vip_activated_at: nullableNumber(v[i++]),
    tags: v[i++] as string | null,
  };
}

const nullableNumber = (v: unknown): number | null => (v === null ? null : Number(v));

/**
 * The paste if it exists and has not expired at `now`: on SQLite at once (outside a transaction),
 * on PostgreSQL batched with the other reads of this event-loop turn.
 */
export function findLivePaste(db: Db, id: string, now: number): PromiseOrValue<PasteWithAuthor | undefined> {
  if (db.dialect === 'postgres') {
    let read = batchedReads.get(db);
    if (!read) {
      read = createReadBatcher(async (ids, at) => livePastesQuery(db, ids, at));
      batchedReads.set(db, read);
    }
    return read(id, now).then(livePasteOrNone);
  }
  const rows = livePasteQuery(db, id, now);
  return rows instanceof Promise ? rows.then((r) => livePasteOrNone(r[0])) : livePasteOrNone(rows[0]);
}

const livePasteOrNone = (values: RowValues | undefined) =>
  values === undefined ? undefined : livePasteFrom(values);
