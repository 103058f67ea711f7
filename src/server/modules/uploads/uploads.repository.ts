import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UploadSessionsTable } from '../../db/schema.js';

export type UploadSession = Selectable<UploadSessionsTable>;
type Db = Kysely<Database>;

export async function insertSession(db: Db, row: Insertable<UploadSessionsTable>): Promise<void> {
  await db.insertInto('upload_sessions').values(row).execute();
}

export async function findSession(db: Db, id: string): Promise<UploadSession | undefined> {
  return db.selectFrom('upload_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSessionOfPaste(db: Db, pasteId: string): Promise<UploadSession | undefined> {
  return db.selectFrom('upload_sessions').selectAll().where('paste_id', '=', pasteId).executeTakeFirst();
}

export async function countReceivingOf(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('upload_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'receiving')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A chunk is about to be (re)written: until it is written whole, it counts as missing. */
export async function forgetChunk(db: Db, uploadId: string, index: number): Promise<void> {
  await db
    .deleteFrom('upload_chunks')
    .where('upload_id', '=', uploadId)
    .where('chunk_index', '=', index)
    .execute();
}

/**
 * Records a written chunk, if its session is still receiving (a cancel or the collector may have
 * removed it while the bytes arrived). Returns false when it is not.
 */
export async function recordChunk(
  db: Db,
  c: { uploadId: string; index: number; tag: string; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const touched = await tx
      .updateTable('upload_sessions')
      .set({ updated_at: c.now })
      .where('id', '=', c.uploadId)
      .where('status', '=', 'receiving')
      .executeTakeFirst();
    if (Number(touched.numUpdatedRows) !== 1) return false;
    await tx
      .insertInto('upload_chunks')
      .values({ upload_id: c.uploadId, chunk_index: c.index, tag: c.tag, created_at: c.now })
      .onConflict((oc) =>
        oc.columns(['upload_id', 'chunk_index']).doUpdateSet({ tag: c.tag, created_at: c.now }),
      )
      .execute();
    return true;
  });
}

export async function listChunks(db: Db, uploadId: string): Promise<{ index: number; tag: string }[]> {
  const rows = await db
    .selectFrom('upload_chunks')
    .select(['chunk_index', 'tag'])
    .where('upload_id', '=', uploadId)
    .orderBy('chunk_index')
    .execute();
  return rows.map((r) => ({ index: r.chunk_index, tag: r.tag }));
}

export async function countChunks(db: Db, uploadId: string): Promise<number> {
  const r = await db
    .selectFrom('upload_chunks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('upload_id', '=', uploadId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Finalize, once: the session moves to assembling with its paste id. False if it had moved already. */
export async function markAssembling(db: Db, id: string, pasteId: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('upload_sessions')
    .set({ status: 'assembling', paste_id: pasteId, progress: 0, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'receiving')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Takes (or renews) the assembly lease unless another instance holds it. */
export async function takeLease(db: Db, id: string, now: number, until: number): Promise<boolean> {
  const r = await db
    .updateTable('upload_sessions')
    .set({ lease_until: until, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'assembling')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Progress, and the lease renewed with it. */
export async function reportProgress(
  db: Db,
  id: string,
  p: { progress: number; now: number; until: number },
): Promise<void> {
  await db
    .updateTable('upload_sessions')
    .set({ progress: p.progress, lease_until: p.until, updated_at: p.now })
    .where('id', '=', id)
    .where('status', '=', 'assembling')
    .execute();
}

export async function markFailed(db: Db, id: string, error: string, now: number): Promise<void> {
  await db
    .updateTable('upload_sessions')
    .set({ status: 'failed', error, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Assemblies nobody holds: never leased, or their instance stopped renewing (it died). */
export async function listUnleasedAssemblies(db: Db, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('upload_sessions')
    .select('id')
    .where('status', '=', 'assembling')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('updated_at')
    .limit(20)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Removes a session (its chunk rows go with it) if it still matches; returns what its bytes need
 * to be dropped. Exactly one caller gets the row, however many race for it.
 */
export async function deleteSession(
  db: Db,
  where: { id: string; userId?: number; status: UploadSession['status']; idleBefore?: number },
): Promise<Pick<UploadSession, 'blob_key' | 'store_ref'> | undefined> {
  let q = db.deleteFrom('upload_sessions').where('id', '=', where.id).where('status', '=', where.status);
  if (where.userId !== undefined) q = q.where('user_id', '=', where.userId);
  if (where.idleBefore !== undefined) q = q.where('updated_at', '<', where.idleBefore);
  return q.returning(['blob_key', 'store_ref']).executeTakeFirst();
}

/** Sessions idle since before `cutoff` in one of `statuses` (the collector's candidates). */
export async function listIdleSessions(
  db: Db,
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
