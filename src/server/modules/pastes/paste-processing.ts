import type { Kysely } from 'kysely';
import {
  ENCRYPTION_PSE1,
  type Expiration,
  type HoldReason,
  type Privacy,
} from '../../../common/constants.js';
import type { PasteLanguage } from '../../../common/languages.js';
import { EXPIRATION_MS } from '../../../common/schemas/paste.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';
import type { SearchDocument, SearchIndex } from '../search/search-index.service.js';
import { findLivePaste } from './live-paste.repository.js';
import { insertTags } from './paste-tags.repository.js';
import { insertPasteIfAbsent, markPasteReady } from './pastes.repository.js';
import type { HotPasteCache } from './reading/hot-paste-cache.js';
import { PASTE_ID_PATTERN } from './reading/paste-reader.js';

/** What a finalized chunked upload asks of the paste it becomes. */
export interface ProcessingPaste {
  id: string;
  title: string | null;
  privacy: Privacy;
  passwordHash: string | null;
  expiration: Expiration;
  burnAfterReading: boolean;
  userId: number;
  blobKey: string;
  sizeBytes: number;
  language: PasteLanguage | null;
  /** Encrypted: the sealed title, the title being the placeholder; null = plain text. */
  sealedTitle: string | null;
  tags: readonly string[];
}

/**
 * The pastes chunked uploads make: a row in the processing state at finalize, then ready (with its
 * search document) when the assembly is done.
 */
export function createProcessingPastes({
  db,
  clock,
  hot,
  search,
}: {
  db: Db;
  clock: Clock;
  hot: HotPasteCache;
  search: Pick<SearchIndex, 'documentOnceReady' | 'write'>;
}) {
  return {
    /**
     * The paste a finalized chunked upload becomes: visible at once in the processing state, its
     * content (blobKey) written by the assembly. Idempotent, so finalize can run again after a crash.
     */
    async createProcessing(p: ProcessingPaste): Promise<void> {
      const now = clock.now();
      const ttl = EXPIRATION_MS[p.expiration];
      await db.kysely.transaction().execute(async (tx) => {
        const inserted = await insertPasteIfAbsent(tx, {
          id: p.id,
          title: p.title,
          content: null,
          blob_key: p.blobKey,
          size_bytes: p.sizeBytes,
          privacy: p.privacy,
          password_hash: p.passwordHash,
          expiration: p.expiration,
          expires_at: ttl === null ? null : now + ttl,
          burn_after_reading: p.burnAfterReading || p.expiration === 'burn' ? 1 : 0,
          burn_claimed_at: null,
          creator_token_hash: null,
          status: 'processing',
          language: p.language,
          view_count: 0,
          user_id: p.userId,
          created_at: now,
          sweep_claimed_at: null,
          encryption: p.sealedTitle !== null ? ENCRYPTION_PSE1 : null,
          sealed_title: p.sealedTitle,
        });
        // Finalize run again finds the paste made: its tags came with it.
        if (inserted) await insertTags(tx, p.id, p.tags);
      });
    },

    /** What an assembled paste's search document will be (made before markReady's transaction). */
    documentOnceReady: (id: string) => search.documentOnceReady(id),

    /**
     * Assembly done: the paste is readable, with its search document `doc` (documentOnceReady)
     * written in the same transaction, held for `hold` if given (a malware scan's verdict). False
     * if it was deleted or expired meanwhile.
     */
    async markReady(
      id: string,
      tx: Kysely<Database>,
      doc: SearchDocument | null,
      hold: HoldReason | null = null,
    ): Promise<boolean> {
      hot.delete(id);
      const marked = await markPasteReady(tx, id, hold && { reason: hold, at: clock.now() });
      if (marked && doc) await search.write(tx, [{ pasteId: id, doc }]);
      return marked;
    },

    /** Processing state of a paste for its assembly progress; null when it is not (or no longer) there. */
    async processingState(id: string): Promise<'processing' | 'ready' | null> {
      if (!PASTE_ID_PATTERN.test(id)) return null;
      const row = await findLivePaste(db, id, clock.now());
      if (!row || row.status === 'failed') return null;
      return row.status;
    },
  };
}
