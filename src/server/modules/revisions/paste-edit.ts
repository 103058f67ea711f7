import { setImmediate as nextTurn } from 'node:timers/promises';
import { EXTREME_PASTE_BYTES, MAX_REVISIONS_PER_PASTE } from '../../../common/constants.js';
import { countLines } from '../../../common/line-count.js';
import { lineStats } from '../../../common/line-diff.js';
import { GENERIC_MESSAGES } from '../../../common/messages.js';
import { type EditRefusal, editRefusal } from '../../../common/policies.js';
import { type EditPasteInput, PASTE_MESSAGES, tooLargeMessage } from '../../../common/schemas/paste.js';
import type { EditPasteResult } from '../../../common/schemas/responses.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/kysely.js';
import { AppError, badRequest, conflict, forbidden } from '../../errors.js';
import type { BlobStore } from '../../infra/blob-store/index.js';
import type { LimitRule, RateLimiter } from '../../lib/rate-limiter.js';
import { sha256InSlices } from '../../lib/utf8-slices.js';
import { deleteContentBlob, type LineIndexes } from '../line-index/line-index-store.js';
import { isEncrypted } from '../pastes/encrypted-content.js';
import { readText, type StoredContent, storeContent } from '../pastes/paste-content-store.js';
import { joinFiles, manifestJson } from '../pastes/paste-files.js';
import type { PastesService, PasteWithAuthor } from '../pastes/pastes.service.js';
import type { HotPasteCache } from '../pastes/reading/hot-paste-cache.js';
import { checkTextForSecrets, scanAnswer, shouldScanForSecrets } from '../pastes/secret-check.js';
import type { ContentScreen, Screening } from '../safety/content-rules.service.js';
import type { SearchIndex } from '../search/search-index.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UserRow } from '../users/users.service.js';
import {
  findRevision,
  findRevisionContent,
  revisionBytesOfUser,
  saveRevision,
} from './revisions.repository.js';

export interface EditLimits {
  /** Edits an account may make a minute (session and API key together). */
  perAccountPerMin: number;
  /** Bytes the stored revisions of an account's pastes may hold. */
  revisionBytesPerAccount: number;
  /** How long the secret scan of one edit may run, in slices. */
  secretScanBudgetMs: number;
}

export interface PasteEditDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  settings: SettingsService;
  hot: HotPasteCache;
  rateLimiter: RateLimiter;
  lineIndexes: LineIndexes;
  limits: EditLimits;
  pastes: Pick<PastesService, 'freshRow' | 'held' | 'tags'>;
  /** The content rules (modules/safety) new text passes before it is stored. */
  screen: ContentScreen;
  /** The search index: an edit's new title and text replace the paste's document, in its transaction. */
  search: Pick<SearchIndex, 'documentFor' | 'write'>;
}

/** An edit that loses a race with another is tried again this many times before 409. */
const EDIT_ATTEMPTS = 3;

const REFUSALS: Record<EditRefusal, () => AppError> = {
  'not-yours': () => forbidden(PASTE_MESSAGES.editNotYours),
  burn: () => forbidden(PASTE_MESSAGES.editBurn),
  processing: () => conflict(PASTE_MESSAGES.editProcessing),
  extreme: () => forbidden(PASTE_MESSAGES.editExtreme),
};

/** Between two slices of an edit's diff, the event loop answers whatever else is waiting. */
const pause = async (): Promise<void> => {
  await nextTurn();
};

/** Where a revision's text goes: stored now, or kept where it already is (`reused`). */
type Place = StoredContent & { reused: boolean };
/** An edit with its files joined into one text; `files` is their manifest's JSON (null: one file). */
type JoinedEdit = Omit<EditPasteInput, 'content' | 'files'> & { content: string; files: string | null };

/**
 * The author's edits: a new revision the paste row then shows. Metered like creates
 * (per account and minute), at most MAX_REVISIONS_PER_PASTE revisions a paste and a byte quota of
 * revisions per account; the scan, the digests and the line counts of a 10 MB text run in slices,
 * so an edit never holds the event loop for long.
 */
export function createPasteEditor({
  db,
  clock,
  blobs,
  settings,
  hot,
  rateLimiter,
  lineIndexes,
  limits,
  pastes,
  screen,
  search,
}: PasteEditDeps) {
  const editRule: LimitRule = { name: 'edit-account', points: limits.perAccountPerMin, durationSec: 60 };

  /** Refuses new text that would take the author's stored revisions past their quota. */
  async function checkQuota(user: UserRow, row: PasteWithAuthor, size: number): Promise<void> {
    const used = await revisionBytesOfUser(db.kysely, user.id);
    // A first edit also keeps the original as a revision.
    const original = row.revision_count === 1 ? row.size_bytes : 0;
    if (used + original + size > limits.revisionBytesPerAccount) {
      throw conflict(PASTE_MESSAGES.revisionQuotaExceeded(limits.revisionBytesPerAccount));
    }
  }

  /** The digest of the newest revision's text (saved with it once the paste was edited). */
  async function currentDigest(row: PasteWithAuthor, text: string): Promise<string> {
    if (row.revision_count > 1) {
      const newest = await findRevision(db.kysely, row.id, row.revision_count);
      if (newest) return newest.sha256;
    }
    return sha256InSlices(text);
  }

  /** One attempt at an edit: false when another edit came first (nothing kept). */
  async function tryEdit(
    row: PasteWithAuthor,
    text: { previous: string; previousDigest: string },
    input: JoinedEdit,
    stored: () => Promise<Place>,
    digest: string,
  ): Promise<boolean> {
    const now = clock.now();
    const count = row.revision_count;
    const firstEdit = count === 1;
    // The original keeps the row's storage; so does new text equal to it.
    const place =
      firstEdit && digest === text.previousDigest
        ? { size: row.size_bytes, inline: row.content, blobKey: row.blob_key, reused: true }
        : await stored();
    const drop = async () => {
      if (!place.reused && place.blobKey) await deleteContentBlob(blobs, place.blobKey);
    };
    const title = input.title === undefined ? row.title : input.title.trim() || null;
    const language = input.language === undefined ? row.language : input.language;
    try {
      const doc = await search.documentFor(
        { title, privacy: row.privacy, burnAfterReading: false, encrypted: false, status: 'ready' },
        () => input.content,
      );
      const stats = await lineStats(text.previous, input.content, pause);
      const storedAt = { content: place.inline, blob_key: place.blobKey, size_bytes: place.size };
      const saved = await saveRevision(db.kysely, {
        pasteId: row.id,
        expectedCount: count,
        original: firstEdit
          ? {
              paste_id: row.id,
              number: 1,
              title: row.title,
              language: row.language,
              sha256: text.previousDigest,
              size_bytes: row.size_bytes,
              lines_added: countLines(text.previous),
              lines_removed: 0,
              created_at: row.created_at,
              files: row.files,
              content: {
                paste_id: row.id,
                sha256: text.previousDigest,
                content: row.content,
                blob_key: row.blob_key,
                size_bytes: row.size_bytes,
              },
            }
          : null,
        revision: {
          paste_id: row.id,
          number: count + 1,
          title,
          language,
          sha256: digest,
          size_bytes: place.size,
          lines_added: stats.added,
          lines_removed: stats.removed,
          created_at: now,
          files: input.files,
        },
        content: { paste_id: row.id, sha256: digest, ...storedAt },
        row: { title, language, ...storedAt, edited_at: now, files: input.files },
        // The paste's tags (when the edit sets them) and search document change with it.
        also: async (tx) => {
          if (input.tags !== undefined) await pastes.tags.replace(tx, row.id, input.tags);
          await search.write(tx, [{ pasteId: row.id, doc }]);
        },
      });
      if (!saved) await drop();
      return saved;
    } catch (e) {
      await drop();
      throw e;
    }
  }

  /** The checks an edit passes before anything is read or stored. */
  function refuseEarly(row: PasteWithAuthor, input: JoinedEdit, user: UserRow): void {
    // Its text is sealed in the author's browser: the server has nothing to make a revision of.
    if (isEncrypted(row)) throw conflict(PASTE_MESSAGES.encryptedNotEditable);
    const refusal = editRefusal({
      isAuthor: row.user_id !== null && row.user_id === user.id,
      burnAfterReading: row.burn_after_reading === 1,
      processing: row.status === 'processing',
      sizeBytes: row.size_bytes,
    });
    if (refusal) throw REFUSALS[refusal]();
    if (input.baseRevision !== undefined && input.baseRevision !== row.revision_count) {
      throw conflict(PASTE_MESSAGES.editedMeanwhile);
    }
    if (row.revision_count >= MAX_REVISIONS_PER_PASTE) throw conflict(PASTE_MESSAGES.tooManyRevisions);
  }

  return {
    /** Counts an edit against its author's budget a minute; routes call it first. */
    admit: (user: UserRow): Promise<void> =>
      rateLimiter.consume([[editRule, String(user.id)]], GENERIC_MESSAGES.tooManyEdits),

    /**
     * The author's new revision of their paste (editRefusal says who and which pastes). Privacy,
     * password and expiry stay; a public paste's new text is scanned for secrets as on create.
     */
    async edit(id: string, body: EditPasteInput, user: UserRow): Promise<EditPasteResult> {
      const { files, content = '', ...fields } = body;
      const joined = files ? joinFiles(files) : { content, manifest: null };
      // A multi-file paste is shown as its first file, in that file's language.
      const language = joined.manifest ? joined.manifest[0]!.language : fields.language;
      const input = { ...fields, language, content: joined.content, files: manifestJson(joined.manifest) };
      if (!input.content.trim()) throw badRequest(PASTE_MESSAGES.emptyContent);
      const size = Buffer.byteLength(input.content, 'utf8');
      if (size > EXTREME_PASTE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', PASTE_MESSAGES.editTooLarge);
      const limit = await settings.maxPasteBytes();
      if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(size, limit));
      const digest = await sha256InSlices(input.content);
      let stored: Place | null = null;
      let screening: Screening | null = null;

      for (let attempt = 1; ; attempt++) {
        const row = await pastes.freshRow(id);
        refuseEarly(row, input, user);
        const scan = shouldScanForSecrets(row.privacy)
          ? await checkTextForSecrets(input.content, limits.secretScanBudgetMs)
          : null;
        const { secretsFound } = scanAnswer(scan);
        if (input.checkSecrets && secretsFound) {
          throw new AppError('SECRETS_DETECTED', PASTE_MESSAGES.secretsDetected, {}, { secretsFound });
        }
        const title = input.title === undefined ? row.title : input.title.trim() || null;
        screening ??= await screen.screen({ title, content: async () => input.content }, row.privacy);
        // Read once per attempt: the digest, the line counts and (first edit) the original's.
        const previous = await readText(blobs, row);
        const previousDigest = await currentDigest(row, previous);
        const unchanged =
          digest === previousDigest &&
          (input.title === undefined || (input.title.trim() || null) === row.title) &&
          (input.language === undefined || input.language === row.language) &&
          input.files === row.files;
        // Saving nothing new makes no revision: the newest stays what it is (tags are not a
        // revision's: new ones are simply kept).
        if (unchanged) {
          if (input.tags !== undefined) await pastes.tags.set(id, input.tags);
          return { id, revision: row.revision_count };
        }

        const place = async (): Promise<Place> => {
          // Text an earlier revision has is stored once; other text is stored (once per edit).
          const earlier = await findRevisionContent(db.kysely, id, digest);
          if (earlier) return { size, inline: earlier.content, blobKey: earlier.blob_key, reused: true };
          if (!stored) await checkQuota(user, row, size);
          stored ??= { ...(await storeContent(blobs, input.content, limit, lineIndexes)), reused: false };
          return stored;
        };
        if (await tryEdit(row, { previous, previousDigest }, input, place, digest)) {
          if (screening.held || screening.privacy !== row.privacy) {
            const heldAt = screening.held ? clock.now() : null;
            await pastes.held.applyScreening(id, {
              privacy: screening.privacy,
              held_reason: screening.held ? 'rule' : null,
              held_at: heldAt,
            });
          }
          await screening.record(id);
          hot.delete(id);
          return { id, revision: row.revision_count + 1, ...scanAnswer(scan) };
        }
        stored = null; // deleted by tryEdit
        if (input.baseRevision !== undefined || attempt >= EDIT_ATTEMPTS) {
          throw conflict(PASTE_MESSAGES.editedMeanwhile);
        }
      }
    },
  };
}
