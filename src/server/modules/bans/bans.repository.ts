import type { ExpressionBuilder, Insertable, Kysely } from 'kysely';
import type { BansTable, Database } from '../../db/schema.js';

export interface BanRow {
  id: number;
  kind: 'account' | 'address';
  user_id: number | null;
  username: string | null;
  ip: string | null;
  reason: string;
  hide_pastes: number;
  created_by: string | null;
  created_at: number;
  expires_at: number | null;
}

const live = (now: number) => (eb: ExpressionBuilder<Database, 'bans'>) =>
  eb.or([eb('bans.expires_at', 'is', null), eb('bans.expires_at', '>', now)]);

const COLUMNS = [
  'bans.id',
  'bans.kind',
  'bans.user_id',
  'users.username',
  'bans.ip',
  'bans.reason',
  'bans.hide_pastes',
  'bans.created_by',
  'bans.created_at',
  'bans.expires_at',
] as const;

const withUsername = (db: Kysely<Database>) =>
  db.selectFrom('bans').leftJoin('users', 'users.id', 'bans.user_id').select(COLUMNS);

function normalize(
  r: Omit<BanRow, 'created_at' | 'expires_at'> & { created_at: unknown; expires_at: unknown },
): BanRow {
  return {
    ...r,
    created_at: Number(r.created_at),
    expires_at: r.expires_at === null ? null : Number(r.expires_at),
  };
}

/** Bans in force at `now` (not ended), newest first, with the suspended account's username. */
export async function listActiveBans(db: Kysely<Database>, now: number, ids?: number[]): Promise<BanRow[]> {
  let q = withUsername(db).where(live(now)).orderBy('bans.created_at', 'desc').orderBy('bans.id', 'desc');
  if (ids) q = q.where('bans.id', 'in', ids);
  return (await q.execute()).map(normalize);
}

/** Changes whenever a ban is added or deleted: instances re-read their bans when it does. */
export async function bansVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('bans')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('id').as('top'),
      eb.fn.sum<number>('id').as('total'),
    ])
    .executeTakeFirstOrThrow();
  return `${row.n}:${row.top ?? 0}:${row.total ?? 0}`;
}

export async function countActiveBans(db: Kysely<Database>, now: number): Promise<number> {
  const row = await db
    .selectFrom('bans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(live(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertBan(
  db: Kysely<Database>,
  row: Omit<Insertable<BansTable>, 'id'>,
): Promise<number> {
  const r = await db.insertInto('bans').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Deletes a ban; returns it as it was, or undefined when there was none. */
export async function deleteBan(db: Kysely<Database>, id: number): Promise<BanRow | undefined> {
  const [row] = await listActiveBans(db, 0, [id]);
  if (!row) return undefined;
  const gone = await db.deleteFrom('bans').where('id', '=', id).executeTakeFirst();
  return gone.numDeletedRows > 0n ? row : undefined;
}

/** Ended bans (expired), oldest first, at most `limit`: a background task deletes them. */
export async function listEndedBans(db: Kysely<Database>, now: number, limit: number): Promise<BanRow[]> {
  const rows = await withUsername(db)
    .where('bans.expires_at', 'is not', null)
    .where('bans.expires_at', '<=', now)
    .orderBy('bans.expires_at', 'asc')
    .limit(limit)
    .execute();
  return rows.map(normalize);
}
