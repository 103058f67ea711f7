import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { HoldReason, Privacy } from '../../../common/constants.js';
import type { AdminPasteSort } from '../../../common/schemas/admin.js';
import { likePattern } from '../../db/dialect.js';
import { whereExpired, whereLive } from '../../db/paste-expiry.js';
import type { Database, PastesTable } from '../../db/schema.js';
import { deleteRevisions, revisionBlobKeys } from './paste-revision-cleanup.repository.js';

export type PasteRow = Selectable<PastesTable>;

/**
 * The one conditional statement that decides who reads a burn-after-reading paste: only the
 * request whose update changes the row gets the content.
 */
export async function claimBurn(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('pastes')
    .set({ burn_claimed_at: now })
    .where('id', '=', id)
    .where('burn_after_reading', '=', 1)
    .where('burn_claimed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** How long a burned paste's creator can still learn when it was read. */
export const BURNED_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

type BurnedRow = Pick<PasteRow, 'id' | 'user_id' | 'creator_token_hash' | 'burn_claimed_at'>;

/** Notes burned pastes (claimed ones among `rows`) for their creators; nothing of their content. */
async function rememberBurned(db: Kysely<Database>, rows: BurnedRow[], now: number): Promise<void> {
  const burned = rows.filter((r) => r.burn_claimed_at !== null);
  if (burned.length === 0) return;
  await db
    .insertInto('burned_pastes')
    .values(
      burned.map((r) => ({
        id: r.id,
        burned_at: r.burn_claimed_at!,
        user_id: r.user_id,
        creator_token_hash: r.creator_token_hash,
        forget_at: now + BURNED_MEMORY_MS,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Deletes a burn paste whose content was delivered, noting when it was read for its creator;
 * returns its blob key if it had one.
 */
export async function deleteClaimedBurn(
  db: Kysely<Database>,
  id: string,
  now: number,
): Promise<{ blobKey: string | null } | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('pastes')
      .where('id', '=', id)
      .where('burn_after_reading', '=', 1)
      .where('burn_claimed_at', 'is not', null)
      .returning(['id', 'blob_key', 'user_id', 'creator_token_hash', 'burn_claimed_at'])
      .executeTakeFirst();
    if (!row) return null;
    await rememberBurned(tx, [row], now);
    return { blobKey: row.blob_key };
  });
}

/** When the burned paste `id` was read, if the asker made it (by account or creator token). */
export async function findBurnedFor(
  db: Kysely<Database>,
  id: string,
  who: { userId: number | null; tokenHash: string | null },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('burned_pastes')
    .select(['burned_at', 'user_id', 'creator_token_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const mine =
    (who.userId !== null && row.user_id === who.userId) ||
    (who.tokenHash !== null && row.creator_token_hash === who.tokenHash);
  return mine ? row.burned_at : undefined;
}

export async function forgetBurned(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('burned_pastes').where('forget_at', '<', now).execute();
}

/** Deletes a paste with all its revisions; returns the blobs that held them, to delete after. */
export async function deletePasteRow(
  db: Kysely<Database>,
  id: string,
): Promise<{ blobKeys: string[] } | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('pastes')
      .where('id', '=', id)
      .returning(['blob_key', 'revision_count'])
      .executeTakeFirst();
    if (!row) return null;
    const blobKeys = new Set(row.blob_key ? [row.blob_key] : []);
    if (Number(row.revision_count) > 1) {
      for (const key of await revisionBlobKeys(tx, [id])) blobKeys.add(key);
      await deleteRevisions(tx, [id]);
    }
    return { blobKeys: [...blobKeys] };
  });
}

/** Inserts a paste unless one with its id exists (finalize may run again after a crash). */
export async function insertPasteIfAbsent(db: Kysely<Database>, row: Insertable<PastesTable>): Promise<void> {
  await db
    .insertInto('pastes')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A processing paste becomes readable; false if it is gone (deleted or expired meanwhile). */
export async function markPasteReady(
  db: Kysely<Database>,
  id: string,
  hold: { reason: HoldReason; at: number } | null = null,
): Promise<boolean> {
  const r = await db
    .updateTable('pastes')
    .set(hold ? { status: 'ready', held_reason: hold.reason, held_at: hold.at } : { status: 'ready' })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Adds counted views to many pastes in one transaction, one statement per 500 pastes: a second of
 * reads spread over thousands of pastes must not cost a commit per paste.
 */
export async function addViews(db: Kysely<Database>, counts: ReadonlyMap<string, number>): Promise<void> {
  const entries = [...counts];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < entries.length; i += 500) {
      const chunk = entries.slice(i, i + 500);
      const increments = sql.join(chunk.map(([id, n]) => sql`(${id}, cast(${n} as bigint))`));
      // VALUES columns are column1, column2… on both SQLite and PostgreSQL; each row of v finds
      // its paste by primary key.
      await sql`update pastes set view_count = view_count + v.column2
        from (values ${increments}) as v where pastes.id = v.column1`.execute(trx);
    }
  });
}

/**
 * Marks a batch of dead pastes (expired, or burn pastes claimed longer ago than the grace period)
 * as taken by this sweeper run; a second sweeper running at the same time takes other rows.
 */
export async function claimSweepBatch(
  db: Kysely<Database>,
  opts: { now: number; burnClaimedBefore: number; staleClaimBefore: number; limit: number },
): Promise<(BurnedRow & Pick<PasteRow, 'blob_key' | 'revision_count'>)[]> {
  const candidates = db
    .selectFrom('pastes')
    .select('id')
    .where((eb) =>
      eb.and([
        eb.or([
          whereExpired(opts.now),
          eb.and([
            eb('burn_claimed_at', 'is not', null),
            eb('burn_claimed_at', '<=', opts.burnClaimedBefore),
          ]),
        ]),
        eb.or([eb('sweep_claimed_at', 'is', null), eb('sweep_claimed_at', '<', opts.staleClaimBefore)]),
      ]),
    )
    .limit(opts.limit);
  return db
    .updateTable('pastes')
    .set({ sweep_claimed_at: opts.now })
    .where('id', 'in', candidates)
    .where((eb) =>
      eb.or([eb('sweep_claimed_at', 'is', null), eb('sweep_claimed_at', '<', opts.staleClaimBefore)]),
    )
    .returning(['id', 'blob_key', 'user_id', 'creator_token_hash', 'burn_claimed_at', 'revision_count'])
    .execute();
}

/**
 * Deletes the swept rows and their revisions; burn pastes among them (read, never confirmed) are
 * noted as burned.
 */
export async function deleteSweptPastes(
  db: Kysely<Database>,
  rows: (BurnedRow & Pick<PasteRow, 'revision_count'>)[],
  claimedAt: number,
): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (tx) => {
    await deleteRevisions(
      tx,
      rows.filter((r) => Number(r.revision_count) > 1).map((r) => r.id),
    );
    await tx
      .deleteFrom('pastes')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where('sweep_claimed_at', '=', claimedAt)
      .execute();
    await rememberBurned(tx, rows, claimedAt);
  });
}

export interface OwnerListOptions {
  search: string;
  /** Only pastes with this tag. */
  tag?: string | undefined;
  offset: number;
  limit: number;
  now: number;
}

/** An owner's live pastes, newest first, without content; search on title and id. */
export async function listPastesOfUser(db: Kysely<Database>, userId: number, o: OwnerListOptions) {
  let q = db.selectFrom('pastes').where('user_id', '=', userId).where(whereLive(o.now));
  if (o.tag) {
    const tag = o.tag;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('paste_tags')
          .select('paste_tags.tag')
          .whereRef('paste_tags.paste_id', '=', 'pastes.id')
          .where('paste_tags.tag', '=', tag),
      ),
    );
  }
  if (o.search) {
    const pattern = likePattern(o.search);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['title']), 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['id']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    q
      .select([
        'id',
        'title',
        'privacy',
        'expiration',
        'expires_at',
        'burn_after_reading',
        'view_count',
        'created_at',
        'size_bytes',
        'status',
        'user_id',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(o.offset)
      .limit(o.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The admin panel's totals over pastes that have not expired. */
export async function pasteTotals(db: Kysely<Database>, now: number) {
  const r = await db
    .selectFrom('pastes')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('privacy', '=', 'public').then(1).else(0).end()).as('public'),
      eb.fn.sum<number>(eb.case().when('privacy', '=', 'unlisted').then(1).else(0).end()).as('unlisted'),
      eb.fn.sum<number>(eb.case().when('privacy', '=', 'password').then(1).else(0).end()).as('protected'),
      eb.fn.sum<number>('view_count').as('views'),
    ])
    .where(whereLive(now))
    .executeTakeFirstOrThrow();
  return {
    totalPastes: Number(r.total),
    publicPastes: Number(r.public ?? 0),
    unlistedPastes: Number(r.unlisted ?? 0),
    protectedPastes: Number(r.protected ?? 0),
    totalViews: Number(r.views ?? 0),
  };
}

const ADMIN_SORT_COLUMN = {
  newest: 'pastes.created_at',
  size: 'pastes.size_bytes',
  views: 'pastes.view_count',
} as const satisfies Record<AdminPasteSort, string>;

/**
 * Every live paste for the admin's list with its author; searched by id, title or author, and
 * of one privacy when `privacy` is given.
 */
export async function listAllPastes(
  db: Kysely<Database>,
  o: { search: string; sort: AdminPasteSort; privacy?: Privacy | undefined; limit: number; now: number },
) {
  let q = db.selectFrom('pastes').leftJoin('users', 'users.id', 'pastes.user_id').where(whereLive(o.now));
  if (o.privacy) q = q.where('pastes.privacy', '=', o.privacy);
  if (o.search) {
    const pattern = likePattern(o.search);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['pastes.title']), 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['pastes.id']), 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['users.username']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    q
      .select([
        'pastes.id',
        'pastes.title',
        'pastes.privacy',
        'pastes.expiration',
        'pastes.expires_at',
        'pastes.burn_after_reading',
        'pastes.view_count',
        'pastes.created_at',
        'pastes.size_bytes',
        'pastes.user_id',
        'pastes.encryption',
        'users.username as author_username',
        'users.role as author_role',
      ])
      .orderBy(ADMIN_SORT_COLUMN[o.sort], 'desc')
      .orderBy('pastes.created_at', 'desc')
      .orderBy('pastes.id')
      .limit(o.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** How many live pastes each of these users has. */
export async function countPastesByUser(db: Kysely<Database>, now: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('pastes')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
    .where('user_id', 'is not', null)
    .where(whereLive(now))
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id!, Number(r.n)]));
}

/** Which of `ids` are end-to-end encrypted pastes (live or not, as long as the row is there). */
export async function findEncryptedIds(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('pastes')
    .select('id')
    .where('id', 'in', ids)
    .where('encryption', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Which of `ids` have a paste row (expired ones included until the sweeper deletes them). */
export async function findPresentIds(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('pastes').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}
