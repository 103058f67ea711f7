import type { Kysely } from 'kysely';
import { PASTE_MESSAGES, UPLOAD_MESSAGES } from '../../../common/messages.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { PastesService } from '../pastes/pastes.service.js';
import type { UserRow } from '../users/users.service.js';
import { listChunks } from './upload-assembly.repository.js';
import { UPLOAD_IDLE_MS } from './upload-limits.js';
import { findSessionOfPaste, type UploadSession } from './uploads.repository.js';

/** A session as its owner sees it; expiresAt moves on with every chunk (idle for 24 h: collected). */
export interface UploadStatusView {
  uploadId: string;
  status: 'receiving' | 'assembling' | 'done' | 'failed';
  totalChunks: number;
  totalSize: number;
  chunkSize: number;
  /** Indexes of the chunks stored whole, ascending. */
  chunksReceived: number[];
  pasteId: string | null;
  /** Hex sha256 of the assembled file, once done. */
  sha256: string | null;
  expiresAt: string;
}

/** What a resuming client and a waiting reader ask of an upload: its status, its assembly's progress. */
export function createUploadStatus(deps: {
  db: Kysely<Database>;
  clock: Clock;
  pastes: Pick<PastesService, 'isPasteId' | 'processingState'>;
  ownSession: (user: UserRow, uploadId: string) => Promise<UploadSession>;
}) {
  const { db, pastes, ownSession } = deps;
  return {
    /** GET /api/pastes/upload/:uploadId: what a resuming client needs (the owner's only). */
    async status(user: UserRow, uploadId: string): Promise<UploadStatusView> {
      const s = await ownSession(user, uploadId);
      return {
        uploadId,
        status: s.status,
        totalChunks: s.total_chunks,
        totalSize: s.total_size,
        chunkSize: s.chunk_size,
        // From finalize on, every chunk is in (finalize checked); their rows go once assembled.
        chunksReceived:
          s.status === 'receiving'
            ? (await listChunks(db, uploadId)).map((c) => c.index)
            : Array.from({ length: s.total_chunks }, (_, i) => i),
        pasteId: s.paste_id,
        sha256: s.sha256,
        expiresAt: new Date(s.updated_at + UPLOAD_IDLE_MS).toISOString(),
      };
    },

    /** GET /api/pastes/:id/assembly-progress. */
    async progress(pasteId: string): Promise<{ progress: number; isComplete: boolean }> {
      // Not an id (NUL and the like, which PostgreSQL text refuses): never a query.
      if (!pastes.isPasteId(pasteId)) throw notFound(PASTE_MESSAGES.notFound);
      const state = await pastes.processingState(pasteId);
      if (state === 'ready') return { progress: 100, isComplete: true };
      const s = await findSessionOfPaste(db, pasteId);
      if (state === null) {
        if (s?.status === 'failed')
          throw new AppError('UPLOAD_FAILED', s.error ?? UPLOAD_MESSAGES.assemblyFailed);
        throw notFound(PASTE_MESSAGES.notFound);
      }
      // Processing with no session: assembled a moment ago, between the two reads.
      return { progress: s ? Math.min(99, s.progress) : 99, isComplete: false };
    },
  };
}
