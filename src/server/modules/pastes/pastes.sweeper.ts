import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { BlobStore } from '../../infra/blob-store/index.js';
import { deleteContentBlob } from '../line-index/line-index-store.js';
import { forgetBurned } from './burned-pastes.repository.js';
import { revisionBlobKeys } from './paste-revision-cleanup.repository.js';
import { claimSweepBatch, deleteSweptPastes } from './paste-sweep.repository.js';
import { BURN_GRACE_MS } from './pastes.limits.js';

const BATCH = 200;
/** A claim older than this belongs to a sweeper that died; another may take the rows. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

/**
 * Deletes expired pastes, and burn pastes whose reader never confirmed, with their revisions and
 * blobs (and the blobs' line indexes); and
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
    const edited = batch.filter((r) => Number(r.revision_count) > 1).map((r) => r.id);
    const blobKeys = new Set([
      ...batch.flatMap((r) => (r.blob_key ? [r.blob_key] : [])),
      ...(await revisionBlobKeys(deps.db, edited)),
    ]);
    for (const key of blobKeys) await deleteContentBlob(deps.blobs, key);
    await deleteSweptPastes(deps.db, batch, now);
    total += batch.length;
    if (batch.length < BATCH) {
      await forgetBurned(deps.db, now);
      return total;
    }
  }
}
