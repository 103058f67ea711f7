import type { Kysely } from 'kysely';
import { whereExpired } from '../../db/paste-expiry.js';
import type { Database } from '../../db/schema.js';
import { type BurnedRow, rememberBurned } from './burned-pastes.repository.js';
import { deleteRevisions } from './paste-revision-cleanup.repository.js';
import type { PasteRow } from './pastes.repository.js';

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
