import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Privacy } from '../../../common/constants.js';
import type { PasteLanguage } from '../../../common/languages.js';
import type { DialectName } from '../../db/dialect.js';
import type { Database, PasteStatus } from '../../db/schema.js';

/**
 * The search query: a read model over pastes, their authors, shares, teams and tags, in one
 * statement so that the reader's rule, the filters, the ranking and the paging are all the
 * database's (a page costs the same however many pastes match but may not be shown).
 */

export interface SearchFilters {
  /** Lower-cased username. */
  authorKey?: string | undefined;
  /** A team's slug: pastes shared with it. */
  team?: string | undefined;
  tag?: string | undefined;
  language?: PasteLanguage | undefined;
  privacy?: Privacy | undefined;
  /** created_at at or after (epoch ms). */
  from?: number | undefined;
  /** created_at before (epoch ms). */
  to?: number | undefined;
}

export interface SearchRequest {
  /** Query words (search-document.ts), each matched as the start of an indexed word; [] = filters only. */
  words: readonly string[];
  /** The signed-in reader; null = a visitor. */
  readerId: number | null;
  now: number;
  filters: SearchFilters;
  offset: number;
  limit: number;
}

export interface SearchRow {
  id: string;
  title: string | null;
  language: PasteLanguage | null;
  created_at: number;
  blob_key: string | null;
  size_bytes: number;
  privacy: Privacy;
  burn_after_reading: number;
  encryption: number | null;
  status: PasteStatus;
  user_id: number | null;
  username: string | null;
}

/** SQLite: the pastes whose documents hold every word (as a prefix), with a score: higher ranks first. */
function sqliteMatches(words: readonly string[]): RawBuilder<unknown> {
  // bm25: lower is better; the title counts ten times the text.
  const query = words.map((w) => `"${w}"*`).join(' AND ');
  return sql`(select ps.paste_id, -bm25(paste_search_fts, 10.0, 1.0) as score
    from paste_search_fts join paste_search ps on ps.doc_id = paste_search_fts.rowid
    where paste_search_fts match ${query})`;
}

/**
 * Who may find what (maySearchPaste in common/policies.ts): the author everything of theirs; others
 * only text-searchable pastes not held for review that are public, or shared with them by name or
 * through a team.
 */
function readerRule(readerId: number | null): RawBuilder<unknown> {
  const sharedWithReader =
    readerId === null
      ? sql`false`
      : sql`(p.privacy = 'shared' and exists (select 1 from paste_shares s where s.paste_id = p.id
          and (s.user_id = ${readerId}
            or s.team_id in (select tm.team_id from team_members tm where tm.user_id = ${readerId}))))`;
  const others = sql`(p.held_reason is null and p.burn_after_reading = 0 and p.encryption is null
    and p.privacy <> 'password' and (p.privacy = 'public' or ${sharedWithReader}))`;
  return readerId === null ? others : sql`(p.user_id = ${readerId} or ${others})`;
}

function filterConditions(f: SearchFilters): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (f.authorKey !== undefined) conditions.push(sql`u.username_key = ${f.authorKey}`);
  if (f.team !== undefined)
    conditions.push(sql`exists (select 1 from paste_shares ts join teams t on t.id = ts.team_id
      where ts.paste_id = p.id and t.slug = ${f.team})`);
  if (f.tag !== undefined)
    conditions.push(sql`exists (select 1 from paste_tags pt where pt.paste_id = p.id and pt.tag = ${f.tag})`);
  if (f.language !== undefined) conditions.push(sql`p.language = ${f.language}`);
  if (f.privacy !== undefined) conditions.push(sql`p.privacy = ${f.privacy}`);
  if (f.from !== undefined) conditions.push(sql`p.created_at >= ${f.from}`);
  if (f.to !== undefined) conditions.push(sql`p.created_at < ${f.to}`);
  return conditions;
}

const PASTE_COLUMNS = ['id', 'title', 'language', 'created_at', 'blob_key', 'size_bytes', 'privacy']
  .concat(['burn_after_reading', 'encryption', 'status', 'user_id'])
  .map((c) => `p.${c}`);
const COLUMNS = sql.raw([...PASTE_COLUMNS, 'u.username'].join(', '));
/** The same columns from the ranked branches (without their score). */
const RANKED_COLUMNS = sql.raw([...PASTE_COLUMNS, 'u.username'].map((c) => `m.${c.slice(2)}`).join(', '));

/**
 * PostgreSQL ranks a paste 1 when its title holds the words, else 0 (a paste's words are distinct:
 * no counts to weigh, and ts_rank would read every matching document whole), then newest first.
 * So the page is the title matches newest first, then the others newest first: two branches, each
 * ordered and cut to the rows the page can reach, which lets the planner walk `created_at`
 * backwards and stop after a page when a word is common (most pastes of a kind hold it), or take
 * the GIN indexes and sort the few matches when it is rare. The tsquery is written into each
 * branch (a parameter, not a joined row) so that the planner can weigh how common it is.
 */
function postgresRanked(words: readonly string[], where: RawBuilder<unknown>, reach: number) {
  const query = sql`cast(${words.map((w) => `'${w}':*`).join(' & ')} as tsquery)`;
  const branch = (
    match: RawBuilder<unknown>,
    score: number,
  ) => sql`(select ${COLUMNS}, ${sql.lit(score)} as score
    from paste_search ps join pastes p on p.id = ps.paste_id left join users u on u.id = p.user_id
    where ${match} and ${where}
    order by p.created_at desc, p.id limit ${reach})`;
  return sql`(${branch(sql`ps.title_document @@ ${query}`, 1)} union all
    ${branch(sql`ps.document @@ ${query} and not (ps.title_document @@ ${query})`, 0)}) m`;
}

/** One page of what `r.readerId` may find, best first (newest first without words). */
export async function searchPastes(
  db: Kysely<Database>,
  dialect: DialectName,
  r: SearchRequest,
): Promise<SearchRow[]> {
  const where = sql.join(
    [
      sql`(p.expires_at is null or p.expires_at > ${r.now})`,
      sql`p.status = 'ready'`,
      sql`p.burn_claimed_at is null`,
      readerRule(r.readerId),
      ...filterConditions(r.filters),
    ],
    sql` and `,
  );
  // The text is read afterwards for the page alone (contentOf): sorting every match with its
  // text would cost as much as the text of every match.
  const page = sql`limit ${r.limit} offset ${r.offset}`;
  const query =
    r.words.length === 0
      ? sql<SearchRow>`select ${COLUMNS} from pastes p left join users u on u.id = p.user_id
        where ${where} order by p.created_at desc, p.id ${page}`
      : dialect === 'postgres'
        ? sql<SearchRow>`select ${RANKED_COLUMNS} from ${postgresRanked(r.words, where, r.offset + r.limit)}
          order by m.score desc, m.created_at desc, m.id ${page}`
        : sql<SearchRow>`select ${COLUMNS} from ${sqliteMatches(r.words)} m join pastes p on p.id = m.paste_id
          left join users u on u.id = p.user_id
          where ${where} order by m.score desc, p.created_at desc, p.id ${page}`;
  const { rows } = await query.execute(db);
  return rows.map((row) => ({
    ...row,
    created_at: Number(row.created_at),
    size_bytes: Number(row.size_bytes),
    burn_after_reading: Number(row.burn_after_reading),
    encryption: row.encryption === null ? null : Number(row.encryption),
    user_id: row.user_id === null ? null : Number(row.user_id),
  }));
}

/** The text kept in the row of each of these pastes (null: it is in the blob store). */
export async function contentOf(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('pastes')
    .select(['id', 'content'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.content]));
}

/** The tags of these pastes, alphabetical; a paste without tags is absent. */
export async function tagsOf(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>();
  if (ids.length === 0) return tags;
  const rows = await db
    .selectFrom('paste_tags')
    .select(['paste_id', 'tag'])
    .where('paste_id', 'in', [...ids])
    .orderBy('tag')
    .execute();
  for (const r of rows) tags.set(r.paste_id, [...(tags.get(r.paste_id) ?? []), r.tag]);
  return tags;
}
