import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { EXTREME_PASTE_BYTES } from '../../../common/constants.js';
import { PASTE_MESSAGES, UPLOAD_MESSAGES } from '../../../common/messages.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { BlobStore } from '../../infra/blob-store/index.js';
import type { Metrics } from '../../infra/metrics/metrics.js';
import { deleteContentBlob, type LineIndexes } from '../line-index/line-index-store.js';
import { type MalwareFinding, type MalwareScanning, searchableWith } from '../malware/malware.service.js';
import { isEncrypted } from '../pastes/encrypted-content.js';
import type { PastesService } from '../pastes/pastes.service.js';
import { checkAssembled, RefusedContentError } from './assembly.js';
import * as repo from './upload-assembly.repository.js';
import { findSession } from './uploads.repository.js';

export interface AssemblerDeps {
  db: Kysely<Database>;
  clock: Clock;
  blobs: BlobStore;
  pastes: PastesService;
  lineIndexes: LineIndexes;
  malware: Pick<MalwareScanning, 'start' | 'conclude' | 'record'>;
  log: FastifyBaseLogger;
  options: { leaseMs: number; assemblyPauseMs: number };
  metrics: Pick<Metrics, 'assemblyDuration' | 'assemblyTakeovers'>;
}

/**
 * The assembly of a finalized upload: completes the blob, reads it once (UTF-8 or pse1 check,
 * digest, line index of an extreme paste, and the malware scan of a plain one, all on that one
 * pass), then makes the paste readable — or held, when the scan says so — in one commit with the
 * upload marked done. Runs under a lease, so a dead instance's assembly is taken over.
 */
export function createAssembler(deps: AssemblerDeps) {
  const { db, clock, blobs, pastes, lineIndexes, malware, log, options, metrics } = deps;
  const inFlight = new Set<Promise<void>>();

  /** Assembles an upload whose lease this instance takes; false when another instance holds it. */
  async function assemble(uploadId: string): Promise<boolean> {
    const leaseUntil = () => clock.now() + options.leaseMs;
    if (!(await repo.takeLease(db, uploadId, clock.now(), leaseUntil()))) return false;
    const started = performance.now();
    const s = await findSession(db, uploadId);
    if (!s?.paste_id) return true;
    const pasteId = s.paste_id;
    let digest: string;
    const sealed = isEncrypted(s);
    // Sealed bytes have no lines the server could index.
    const lines = s.total_size > EXTREME_PASTE_BYTES && !sealed ? lineIndexes.builder() : undefined;
    const scan = malware.start(sealed);
    let found: MalwareFinding | null = null;
    try {
      await blobs.completeParts(s.blob_key, s.store_ref, await repo.listChunks(db, uploadId));
      let last = 0;
      digest = await checkAssembled(
        await blobs.get(s.blob_key),
        s.total_size,
        async (fraction) => {
          const progress = Math.min(99, Math.floor(fraction * 100));
          if (progress <= last) return;
          last = progress;
          await repo.reportProgress(db, uploadId, { progress, now: clock.now(), until: leaseUntil() });
        },
        {
          reportEveryBytes: Math.max(64 * 1024, Math.floor(s.total_size / 100)),
          pauseMs: options.assemblyPauseMs,
          alsoTo: lines,
          scan: scan ?? undefined,
          sealed,
        },
      );
      // Before the paste is readable, so a window never waits for a build.
      if (lines) await lineIndexes.save(s.blob_key, lines.finish());
      found = await malware.conclude(scan, { uploadId, pasteId });
    } catch (e) {
      scan?.abort();
      if (!(e instanceof RefusedContentError)) throw e; // the lease runs out and the assembly is tried again
      const why = sealed ? PASTE_MESSAGES.encryptedContentInvalid : UPLOAD_MESSAGES.notUtf8;
      await repo.markFailed(db, uploadId, why, clock.now());
      await pastes.delete(pasteId);
      return true;
    }
    const hold = found?.hold ?? null;
    // Not marked: either the paste was deleted meanwhile (its blob goes too), or another instance
    // that took over after this one's lease ran out finished first — then the blob is the paste's.
    // One commit: whoever sees the paste ready also sees its upload done, with its digest.
    const doc = searchableWith(hold) ? await pastes.documentOnceReady(pasteId) : null;
    const ready = await db.transaction().execute(async (tx) => {
      const marked = await pastes.markReady(pasteId, tx, doc, hold);
      await repo.markDone(tx, uploadId, clock.now(), digest);
      if (marked && found) await malware.record(tx, pasteId, found);
      return marked;
    });
    if (!ready && (await pastes.processingState(pasteId)) === null)
      await deleteContentBlob(blobs, s.blob_key);
    metrics.assemblyDuration.observe((performance.now() - started) / 1000);
    return true;
  }

  return {
    /** Runs an assembly beside the request that started it; its failures are logged, then retried. */
    start(uploadId: string): void {
      const p: Promise<void> = assemble(uploadId)
        .then(() => {})
        .catch((err) => log.error({ err, uploadId }, 'assembly failed; it will be retried'))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    },

    /** Background: assemblies no instance holds (never started, or their instance died). */
    async resume(): Promise<void> {
      for (const id of await repo.listUnleasedAssemblies(db, clock.now())) {
        if (await assemble(id)) metrics.assemblyTakeovers.inc();
      }
    },

    /** Waits for assemblies this instance is running (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.allSettled([...inFlight]);
    },
  };
}
