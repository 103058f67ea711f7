import { type Kysely, type Selectable, sql } from 'kysely';
import type { Role } from '../../../common/constants.js';
import { likePattern } from '../../db/dialect.js';
import type { Db } from '../../db/kysely.js';
import { preparedQuery } from '../../db/prepared.js';
import type { Database, PastesTable } from '../../db/schema.js';

export type PasteRow = Selectable<PastesTable>;

/** A paste with what its view shows of the author. */
export type PasteWithAuthor = PasteRow & {
  author_username: string | null;
  author_role: Role | null;
  author_banner_url: string | null;
  author_banner_link: string | null;
  author_vip_activated_at: number | null;
};

const livePasteQuery = preparedQuery('find_live_paste', 2, (db: Kysely<Database>, id: string, now: number) =>
  db
    .selectFrom('pastes')
    .leftJoin('users', 'users.id', 'pastes.user_id')
    .selectAll('pastes')
    .select([
      'users.username as author_username',
      'users.role as author_role',
      'users.vip_banner_url as author_banner_url',
      'users.vip_banner_link as author_banner_link',
      'users.vip_activated_at as author_vip_activated_at',
    ])
    .where('pastes.id', '=', id)
    .where((eb) => eb.or([eb('pastes.expires_at', 'is', null), eb('pastes.expires_at', '>', now)])),
);

/** The paste if it exists and has not expired at `now` (the hottest read: compiled once). */
export async function findLivePaste(db: Db, id: string, now: number): Promise<PasteWithAuthor | undefined> {
  return (await livePasteQuery(db, id, now))[0];
}

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

/** Deletes a burn paste whose content was delivered; returns its blob key if it had one. */
export async function deleteClaimedBurn(
  db: Kysely<Database>,
  id: string,
): Promise<{ blobKey: string | null } | null> {
  const row = await db
    .deleteFrom('pastes')
    .where('id', '=', id)
    .where('burn_after_reading', '=', 1)
    .where('burn_claimed_at', 'is not', null)
    .returning('blob_key')
    .executeTakeFirst();
  return row ? { blobKey: row.blob_key } : null;
}

export async function deletePasteRow(
  db: Kysely<Database>,
  id: string,
): Promise<{ blobKey: string | null } | null> {
  const row = await db.deleteFrom('pastes').where('id', '=', id).returning('blob_key').executeTakeFirst();
  return row ? { blobKey: row.blob_key } : null;
}

/** Inserts a paste unless one with its id exists (finalize may run again after a crash). */
export async function insertPasteIfAbsent(db: Kysely<Database>, row: PasteRow): Promise<void> {
  await db
    .insertInto('pastes')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A processing paste becomes readable; false if it is gone (deleted or expired meanwhile). */
export async function markPasteReady(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db
    .updateTable('pastes')
    .set({ status: 'ready' })
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
): Promise<{ id: string; blob_key: string | null }[]> {
  const candidates = db
    .selectFrom('pastes')
    .select('id')
    .where((eb) =>
      eb.and([
        eb.or([
          eb('expires_at', '<=', opts.now),
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
    .returning(['id', 'blob_key'])
    .execute();
}

export async function deleteSweptPastes(
  db: Kysely<Database>,
  ids: string[],
  claimedAt: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('pastes').where('id', 'in', ids).where('sweep_claimed_at', '=', claimedAt).execute();
}

export interface OwnerListOptions {
  search: string;
  offset: number;
  limit: number;
  now: number;
}

/** An owner's live pastes, newest first, without content; search on title and id. */
export async function listPastesOfUser(db: Kysely<Database>, userId: number, o: OwnerListOptions) {
  let q = db
    .selectFrom('pastes')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', o.now)]));
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
      eb.fn.sum<number>(eb.case().when('privacy', '=', 'password').then(1).else(0).end()).as('protected'),
      eb.fn.sum<number>('view_count').as('views'),
    ])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return {
    totalPastes: Number(r.total),
    publicPastes: Number(r.public ?? 0),
    protectedPastes: Number(r.protected ?? 0),
    totalViews: Number(r.views ?? 0),
  };
}

/** Every live paste for the admin's list, newest first, with its author; searched by id or title. */
export async function listAllPastes(db: Kysely<Database>, o: { search: string; limit: number; now: number }) {
  let q = db
    .selectFrom('pastes')
    .leftJoin('users', 'users.id', 'pastes.user_id')
    .where((eb) => eb.or([eb('pastes.expires_at', 'is', null), eb('pastes.expires_at', '>', o.now)]));
  if (o.search) {
    const pattern = likePattern(o.search);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['pastes.title']), 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['pastes.id']), 'like', sql<string>`${pattern} escape '\\'`),
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
        'users.username as author_username',
        'users.role as author_role',
      ])
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
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id!, Number(r.n)]));
}
