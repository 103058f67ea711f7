import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { BlobStore } from '../../infra/blob-store/index.js';
import { BURN_GRACE_MS } from './pastes.limits.js';
import { claimSweepBatch, deleteSweptPastes, forgetBurned } from './pastes.repository.js';

const BATCH = 200;
/** A claim older than this belongs to a sweeper that died; another may take the rows. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

/**
 * Deletes expired pastes, and burn pastes whose reader never confirmed, with their blobs; and
 * forgets burned pastes after a week. Rows are
 * claimed first by a conditional update, so concurrent sweepers (other instances) never collide.
 */
export async function sweepDeadPastes(deps: {
  db: Kysely<Database>;
  blobs: BlobStore;
  clock: Clock;
}): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.clock.now();
    const batch = await claimSweepBatch(deps.db, {
      now,
      burnClaimedBefore: now - BURN_GRACE_MS,
      staleClaimBefore: now - STALE_CLAIM_MS,
      limit: BATCH,
    });
    for (const row of batch) if (row.blob_key) await deps.blobs.delete(row.blob_key);
    await deleteSweptPastes(deps.db, batch, now);
    total += batch.length;
    if (batch.length < BATCH) {
      await forgetBurned(deps.db, now);
      return total;
    }
  }
}
