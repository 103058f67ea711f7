import { type Kysely, sql } from 'kysely';
import type { Privacy } from '../../../common/constants.js';
import type { AdminPasteSort } from '../../../common/schemas/admin.js';
import { likePattern } from '../../db/dialect.js';
import { whereLive } from '../../db/paste-expiry.js';
import type { Database } from '../../db/schema.js';

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
