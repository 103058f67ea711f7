import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UploadSessionsTable } from '../../db/schema.js';

export type UploadSession = Selectable<UploadSessionsTable>;

export async function insertSession(
  db: Kysely<Database>,
  row: Insertable<UploadSessionsTable>,
): Promise<void> {
  await db.insertInto('upload_sessions').values(row).execute();
}

export async function findSession(db: Kysely<Database>, id: string): Promise<UploadSession | undefined> {
  return db.selectFrom('upload_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSessionOfPaste(
  db: Kysely<Database>,
  pasteId: string,
): Promise<UploadSession | undefined> {
  return db.selectFrom('upload_sessions').selectAll().where('paste_id', '=', pasteId).executeTakeFirst();
}

/** What one account holds in unfinished uploads: sessions still receiving, bytes not yet a paste. */
export async function heldBy(
  db: Kysely<Database>,
  userId: number,
): Promise<{ receiving: number; bytes: number }> {
  const r = await db
    .selectFrom('upload_sessions')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('status', '=', 'receiving').then(1).else(0).end()).as('receiving'),
      eb.fn.sum<number>('total_size').as('bytes'),
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', ['receiving', 'assembling'])
    .executeTakeFirstOrThrow();
  return { receiving: Number(r.receiving ?? 0), bytes: Number(r.bytes ?? 0) };
}

/**
 * Inserts the session if the account stays within its limits. Run inside a transaction that holds
 * the account's row lock (see uploads.service), so concurrent inits of one account count one after
 * another.
 */
export async function insertSessionWithin(
  tx: Kysely<Database>,
  row: Insertable<UploadSessionsTable>,
  limits: { maxReceiving: number; maxBytes: number },
): Promise<'inserted' | 'too-many' | 'quota'> {
  const held = await heldBy(tx, row.user_id);
  if (held.receiving >= limits.maxReceiving) return 'too-many';
  if (held.bytes + Number(row.total_size) > limits.maxBytes) return 'quota';
  await tx.insertInto('upload_sessions').values(row).execute();
  return 'inserted';
}

/** Sessions of every account still receiving chunks (the open-sessions metric). */
export async function countReceiving(db: Kysely<Database>): Promise<number> {
  const r = await db
    .selectFrom('upload_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'receiving')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Does the account have an upload still receiving chunks? */
export async function hasReceiving(db: Kysely<Database>, userId: number): Promise<boolean> {
  const r = await db
    .selectFrom('upload_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'receiving')
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Registers chunk `index` as being written, before its first byte lands, if the session still
 * receives (after the session's row is locked, so finalize cannot slip in between). False if not.
 */
export async function beginChunk(
  db: Kysely<Database>,
  c: { uploadId: string; index: number; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockReceiving(tx, c.uploadId, c.now))) return false;
    await tx
      .insertInto('upload_chunks')
      .values({ upload_id: c.uploadId, chunk_index: c.index, tag: '', state: 'writing', created_at: c.now })
      .onConflict((oc) =>
        oc
          .columns(['upload_id', 'chunk_index'])
          .doUpdateSet({ tag: '', state: 'writing', created_at: c.now }),
      )
      .execute();
    return true;
  });
}

/** Touches a receiving session, which locks its row until the transaction ends. */
async function lockReceiving(tx: Kysely<Database>, uploadId: string, now: number): Promise<boolean> {
  const touched = await tx
    .updateTable('upload_sessions')
    .set({ updated_at: now })
    .where('id', '=', uploadId)
    .where('status', '=', 'receiving')
    .executeTakeFirst();
  return Number(touched.numUpdatedRows) === 1;
}

/** A chunk is about to be (re)written: until it is written whole, it counts as missing. */
export async function forgetChunk(db: Kysely<Database>, uploadId: string, index: number): Promise<void> {
  await db
    .deleteFrom('upload_chunks')
    .where('upload_id', '=', uploadId)
    .where('chunk_index', '=', index)
    .execute();
}

/**
 * Records a chunk as written whole, if its session is still receiving (a cancel or the collector
 * may have removed it while the bytes arrived). Returns false when it is not.
 */
export async function recordChunk(
  db: Kysely<Database>,
  c: { uploadId: string; index: number; tag: string; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockReceiving(tx, c.uploadId, c.now))) return false;
    await tx
      .insertInto('upload_chunks')
      .values({
        upload_id: c.uploadId,
        chunk_index: c.index,
        tag: c.tag,
        state: 'written',
        created_at: c.now,
      })
      .onConflict((oc) =>
        oc
          .columns(['upload_id', 'chunk_index'])
          .doUpdateSet({ tag: c.tag, state: 'written', created_at: c.now }),
      )
      .execute();
    return true;
  });
}

export async function countChunks(db: Kysely<Database>, uploadId: string): Promise<number> {
  const r = await db
    .selectFrom('upload_chunks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('upload_id', '=', uploadId)
    .where('state', '=', 'written')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Finalize, once: the session moves to assembling with its paste id, only when every chunk is
 * written and none is being written (a write registered since `writingSince`; an older one died
 * with its instance and counts as missing). From then on no chunk can start (beginChunk).
 */
export async function markAssembling(
  db: Kysely<Database>,
  c: { id: string; pasteId: string; now: number; writingSince: number },
): Promise<'assembling' | 'gone' | 'writing' | 'missing'> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockReceiving(tx, c.id, c.now))) return 'gone';
    const chunks = await tx
      .selectFrom('upload_chunks')
      .select(['state', 'created_at'])
      .where('upload_id', '=', c.id)
      .execute();
    if (chunks.some((ch) => ch.state === 'writing' && Number(ch.created_at) >= c.writingSince))
      return 'writing';
    const { total_chunks } = await tx
      .selectFrom('upload_sessions')
      .select('total_chunks')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    if (chunks.filter((ch) => ch.state === 'written').length !== total_chunks) return 'missing';
    await tx
      .updateTable('upload_sessions')
      .set({ status: 'assembling', paste_id: c.pasteId, progress: 0, lease_until: null, updated_at: c.now })
      .where('id', '=', c.id)
      .execute();
    return 'assembling';
  });
}

/**
 * Removes a session (its chunk rows go with it) if it still matches; returns what its bytes need
 * to be dropped. Exactly one caller gets the row, however many race for it.
 */
export async function deleteSession(
  db: Kysely<Database>,
  where: { id: string; userId?: number; status: UploadSession['status']; idleBefore?: number },
): Promise<Pick<UploadSession, 'blob_key' | 'store_ref'> | undefined> {
  let q = db.deleteFrom('upload_sessions').where('id', '=', where.id).where('status', '=', where.status);
  if (where.userId !== undefined) q = q.where('user_id', '=', where.userId);
  if (where.idleBefore !== undefined) q = q.where('updated_at', '<', where.idleBefore);
  return q.returning(['blob_key', 'store_ref']).executeTakeFirst();
}

/** Sessions idle since before `cutoff` in one of `statuses` (the collector's candidates). */
export async function listIdleSessions(
  db: Kysely<Database>,
  statuses: UploadSession['status'][],
  cutoff: number,
): Promise<Pick<UploadSession, 'id' | 'status'>[]> {
  return db
    .selectFrom('upload_sessions')
    .select(['id', 'status'])
    .where('status', 'in', statuses)
    .where('updated_at', '<', cutoff)
    .limit(100)
    .execute();
}

/** Where every session's bytes are (a backup import replaces them all). */
export async function listAllParts(
  db: Kysely<Database>,
): Promise<Pick<UploadSession, 'blob_key' | 'store_ref'>[]> {
  return db
    .selectFrom('upload_sessions')
    .select(['blob_key', 'store_ref'])
    .where('status', '!=', 'done')
    .execute();
}
