import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { BlobStore } from '../../infra/blob-store/index.js';
import type { BackupService } from './backup.service.js';
import {
  claimSlot,
  deleteBackupRow,
  findBackup,
  listBackups,
  markWritten,
} from './scheduled-backups.repository.js';

interface Deps {
  db: Kysely<Database>;
  blobs: BlobStore;
  clock: Clock;
  backup: BackupService;
  /** 0: off (BACKUP_INTERVAL_HOURS unset). */
  intervalMs: number;
  keep: number;
}

export interface ScheduledBackup {
  id: number;
  createdAt: string;
  sizeBytes: number;
  fileName: string;
}

export type ScheduledBackups = ReturnType<typeof createScheduledBackups>;

const fileName = (createdAt: number) =>
  `pasteshare-backup-${new Date(createdAt).toISOString().slice(0, 16).replace(':', '-')}.json`;

/**
 * Backups on a schedule: the panel's streamed export, written into the blob store once
 * per interval across every instance (the interval's row is claimed by a unique insert), the
 * oldest beyond `keep` deleted.
 */
export function createScheduledBackups({ db, blobs, clock, backup, intervalMs, keep }: Deps) {
  /** Drops a backup's bytes and row. */
  async function remove(row: { id: number; blob_key: string }): Promise<void> {
    await blobs.delete(row.blob_key);
    await deleteBackupRow(db, row.id);
  }

  /** Keeps the newest `keep`; forgets writes that died (older than two intervals and unfinished). */
  async function prune(): Promise<void> {
    const rows = await listBackups(db);
    const done = rows.filter((r) => r.status === 'done');
    for (const r of done.slice(keep)) await remove(r);
    const stale = clock.now() - 2 * intervalMs;
    for (const r of rows) if (r.status === 'writing' && r.created_at < stale) await remove(r);
  }

  return {
    enabled: intervalMs > 0,

    /**
     * Background: writes this interval's backup unless an instance already has. 'written' when
     * this call wrote it, 'taken' when another had claimed it, 'off' when no schedule is set.
     */
    async runDue(): Promise<'written' | 'taken' | 'off'> {
      if (intervalMs <= 0) return 'off';
      const now = clock.now();
      const slot = Math.floor(now / intervalMs);
      const blobKey = `backups/${new Date(now).toISOString().slice(0, 10)}-${slot}`;
      const id = await claimSlot(db, { slot, blobKey, now });
      if (id === null) return 'taken';
      try {
        const size = await blobs.put(blobKey, backup.exportStream());
        await markWritten(db, id, size, clock.now());
      } catch (e) {
        // The slot is free again: this instance or another tries at the next check.
        await remove({ id, blob_key: blobKey }).catch(() => {});
        throw e;
      }
      await prune();
      return 'written';
    },

    async list(): Promise<ScheduledBackup[]> {
      return (await listBackups(db))
        .filter((r) => r.status === 'done')
        .map((r) => ({
          id: r.id,
          createdAt: new Date(r.created_at).toISOString(),
          sizeBytes: Number(r.size_bytes),
          fileName: fileName(r.created_at),
        }));
    },

    /** A finished backup's bytes, or null for an unknown or unfinished one. */
    async open(id: number): Promise<{ stream: Readable; size: number; fileName: string } | null> {
      const row = await findBackup(db, id);
      if (row?.status !== 'done') return null;
      return {
        stream: await blobs.get(row.blob_key),
        size: Number(row.size_bytes),
        fileName: fileName(row.created_at),
      };
    },
  };
}
