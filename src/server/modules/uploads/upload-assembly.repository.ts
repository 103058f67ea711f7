import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The upload sessions' SQL that finalize and the assembly use: the chunks written, the assembly's
 * lease and progress, and its end (done or failed).
 */

export async function listChunks(
  db: Kysely<Database>,
  uploadId: string,
): Promise<{ index: number; tag: string }[]> {
  const rows = await db
    .selectFrom('upload_chunks')
    .select(['chunk_index', 'tag'])
    .where('upload_id', '=', uploadId)
    .where('state', '=', 'written')
    .orderBy('chunk_index')
    .execute();
  return rows.map((r) => ({ index: r.chunk_index, tag: r.tag }));
}

/**
 * Assembled: kept a while so that finalize, sent again, still answers its paste. Run in the
 * transaction that makes the paste readable, so nobody sees one without the other.
 */
export async function markDone(tx: Kysely<Database>, id: string, now: number, sha256: string): Promise<void> {
  await tx
    .updateTable('upload_sessions')
    .set({ status: 'done', progress: 100, lease_until: null, updated_at: now, sha256 })
    .where('id', '=', id)
    .where('status', '=', 'assembling')
    .execute();
  await tx.deleteFrom('upload_chunks').where('upload_id', '=', id).execute();
}

/** Takes (or renews) the assembly lease unless another instance holds it. */
export async function takeLease(
  db: Kysely<Database>,
  id: string,
  now: number,
  until: number,
): Promise<boolean> {
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
  db: Kysely<Database>,
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

export async function markFailed(
  db: Kysely<Database>,
  id: string,
  error: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('upload_sessions')
    .set({ status: 'failed', error, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Assemblies nobody holds: never leased, or their instance stopped renewing (it died). */
export async function listUnleasedAssemblies(db: Kysely<Database>, now: number): Promise<string[]> {
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
