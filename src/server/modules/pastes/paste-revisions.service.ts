import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { EXTREME_PASTE_BYTES } from '../../../common/constants.js';
import { downloadFileName } from '../../../common/languages.js';
import { countLines } from '../../../common/line-count.js';
import { lineStats } from '../../../common/line-diff.js';
import { type EditRefusal, editRefusal } from '../../../common/policies.js';
import { type EditPasteInput, PASTE_MESSAGES, tooLargeMessage } from '../../../common/schemas/paste.js';
import type { EditPasteResult, RevisionSummary, RevisionView } from '../../../common/schemas/responses.js';
import { scanForSecrets } from '../../../common/secret-scan.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/kysely.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { BlobStore, ByteRange } from '../../infra/blob-store/index.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UserRow } from '../users/users.service.js';
import type { HotPasteCache } from './hot-paste-cache.js';
import { findLivePaste, type PasteWithAuthor } from './live-paste.repository.js';
import { type StoredContent, storeContent } from './paste-content-store.js';
import { PASTE_ID_PATTERN, type ReadCredentials, type Viewer } from './paste-reader.js';
import {
  findRevision,
  findRevisionContent,
  listRevisions,
  type RevisionRow,
  saveRevision,
} from './paste-revisions.repository.js';
import type { PastesService } from './pastes.service.js';

interface Deps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  settings: SettingsService;
  hot: HotPasteCache;
  pastes: Pick<PastesService, 'findVisible' | 'authorizeRead'>;
}

/** An edit that loses a race with another is tried again this many times before 409. */
const EDIT_ATTEMPTS = 3;

const REFUSALS: Record<EditRefusal, () => AppError> = {
  'not-yours': () => forbidden(PASTE_MESSAGES.editNotYours),
  burn: () => forbidden(PASTE_MESSAGES.editBurn),
  processing: () => conflict(PASTE_MESSAGES.editProcessing),
  extreme: () => forbidden(PASTE_MESSAGES.editExtreme),
};

/** One revision's text and where it is kept. */
interface RevisionText {
  title: string | null;
  language: RevisionRow['language'];
  number: number;
  content: string | null;
  blobKey: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Edits and revisions (issue 23). The paste row always holds the newest revision, so every read
 * of the paste itself is unchanged; `paste_revisions` keeps each revision's facts once the paste
 * is first edited (revision 1, the original, is saved then), and `paste_revision_contents` each
 * distinct text once. Revisions are read under the paste's own rules (authorizeRead): a password
 * paste needs its password for every revision; reading a revision counts no view.
 */
export function createPasteRevisions({ db, clock, blobs, settings, hot, pastes }: Deps) {
  async function textOf(where: { content: string | null; blob_key: string | null }): Promise<string> {
    if (where.content !== null) return where.content;
    return (await buffer(await blobs.get(where.blob_key!))).toString('utf8');
  }

  /** The live row, read from the database (never the hot cache: an edit must see the newest). */
  async function freshRow(id: string): Promise<PasteWithAuthor> {
    const row = PASTE_ID_PATTERN.test(id) ? await findLivePaste(db, id, clock.now()) : undefined;
    if (!row || row.status === 'failed' || row.burn_claimed_at !== null)
      throw notFound(PASTE_MESSAGES.notFound);
    return row;
  }

  /** The paste as a reader of its revisions may open it; burn pastes have none to read. */
  async function readableRow(
    id: string,
    viewer: Viewer,
    credentials: ReadCredentials,
  ): Promise<PasteWithAuthor> {
    const { row } = await pastes.findVisible(id, viewer);
    if (row.burn_after_reading === 1) throw conflict(PASTE_MESSAGES.burnHasNoRevisions);
    // Summaries count lines, which the server cannot do for sealed bytes (and there is only one).
    if (row.encryption !== null) throw conflict(PASTE_MESSAGES.encryptedNoServerRead);
    const decision = await pastes.authorizeRead(id, { ...viewer, burn: 'refuse' }, credentials, 'bytes');
    if (decision.outcome === 'processing') throw conflict(PASTE_MESSAGES.stillProcessing);
    if (decision.outcome === 'locked') throw new AppError('UNAUTHORIZED', PASTE_MESSAGES.passwordProtected);
    return decision.row;
  }

  /** Revision 1 of a paste never edited: the row itself. */
  async function onlyRevision(row: PasteWithAuthor): Promise<RevisionSummary> {
    const lines = row.size_bytes <= EXTREME_PASTE_BYTES ? countLines(await textOf(row)) : null;
    return {
      number: 1,
      title: row.title,
      language: row.language,
      sizeBytes: row.size_bytes,
      linesAdded: lines,
      linesRemoved: lines === null ? null : 0,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  function summaryOf(r: RevisionRow): RevisionSummary {
    return {
      number: r.number,
      title: r.title,
      language: r.language,
      sizeBytes: r.size_bytes,
      linesAdded: r.lines_added,
      linesRemoved: r.lines_removed,
      createdAt: new Date(r.created_at).toISOString(),
    };
  }

  /** Revision `number` of a readable paste, with where its text is. */
  async function locate(
    row: PasteWithAuthor,
    number: number,
  ): Promise<{ summary: RevisionSummary; text: RevisionText }> {
    if (row.revision_count === 1 && number === 1) {
      const text = { ...row, number, blobKey: row.blob_key };
      return { summary: await onlyRevision(row), text };
    }
    const found = await findRevision(db.kysely, row.id, number);
    if (!found) throw notFound(PASTE_MESSAGES.revisionNotFound);
    return { summary: summaryOf(found), text: { ...found, blobKey: found.blob_key } };
  }

  /** One attempt at an edit: false when another edit came first (nothing kept). */
  async function tryEdit(
    row: PasteWithAuthor,
    previous: string,
    input: EditPasteInput,
    stored: () => Promise<StoredContent & { reused: boolean }>,
    digest: string,
    now: number,
  ): Promise<boolean> {
    const count = row.revision_count;
    const firstEdit = count === 1;
    const originalDigest = firstEdit ? sha256(previous) : null;
    // The original keeps the row's storage; so does new text equal to it.
    const place =
      digest === originalDigest
        ? { size: row.size_bytes, inline: row.content, blobKey: row.blob_key, reused: true }
        : await stored();
    const stats = lineStats(previous, input.content);
    const title = input.title === undefined ? row.title : input.title.trim() || null;
    const language = input.language === undefined ? row.language : input.language;
    try {
      const saved = await saveRevision(db.kysely, {
        pasteId: row.id,
        expectedCount: count,
        original: firstEdit
          ? {
              paste_id: row.id,
              number: 1,
              title: row.title,
              language: row.language,
              sha256: originalDigest!,
              size_bytes: row.size_bytes,
              lines_added: countLines(previous),
              lines_removed: 0,
              created_at: row.created_at,
              content: {
                paste_id: row.id,
                sha256: originalDigest!,
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
        },
        content: {
          paste_id: row.id,
          sha256: digest,
          content: place.inline,
          blob_key: place.blobKey,
          size_bytes: place.size,
        },
        row: {
          title,
          language,
          content: place.inline,
          blob_key: place.blobKey,
          size_bytes: place.size,
          edited_at: now,
        },
      });
      if (!saved && !place.reused && place.blobKey) await blobs.delete(place.blobKey);
      return saved;
    } catch (e) {
      if (!place.reused && place.blobKey) await blobs.delete(place.blobKey);
      throw e;
    }
  }

  return {
    /**
     * The author's new revision of their paste (editRefusal says who and which pastes). Privacy,
     * password and expiry stay; a public paste's new text is scanned for secrets as on create.
     */
    async edit(id: string, input: EditPasteInput, user: UserRow): Promise<EditPasteResult> {
      if (!input.content.trim()) throw badRequest(PASTE_MESSAGES.emptyContent);
      const size = Buffer.byteLength(input.content, 'utf8');
      if (size > EXTREME_PASTE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', PASTE_MESSAGES.editTooLarge);
      const limit = await settings.maxPasteBytes();
      if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(size, limit));
      const digest = sha256(input.content);
      let stored: (StoredContent & { reused: boolean }) | null = null;

      for (let attempt = 1; ; attempt++) {
        const row = await freshRow(id);
        // Its text is sealed in the author's browser: the server has nothing to make a revision of.
        if (row.encryption !== null) throw conflict(PASTE_MESSAGES.encryptedNotEditable);
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
        const secretsFound = row.privacy === 'public' ? scanForSecrets(input.content) : [];
        if (input.checkSecrets && secretsFound.length > 0) {
          throw new AppError('SECRETS_DETECTED', PASTE_MESSAGES.secretsDetected, {}, { secretsFound });
        }
        // Read once per attempt: the digest, the line counts and (first edit) the original's.
        const previous = await textOf(row);
        const unchanged =
          digest === (await currentDigest(row, previous)) &&
          (input.title === undefined || (input.title.trim() || null) === row.title) &&
          (input.language === undefined || input.language === row.language);
        // Saving nothing new makes no revision: the newest stays what it is.
        if (unchanged) return { id, revision: row.revision_count };

        const place = async () => {
          // Text an earlier revision has is stored once; other text is stored (once per edit).
          const earlier = await findRevisionContent(db.kysely, id, digest);
          if (earlier) return { size, inline: earlier.content, blobKey: earlier.blob_key, reused: true };
          stored ??= { ...(await storeContent(blobs, input.content, limit)), reused: false };
          return stored;
        };
        if (await tryEdit(row, previous, input, place, digest, clock.now())) {
          hot.delete(id);
          return {
            id,
            revision: row.revision_count + 1,
            ...(secretsFound.length > 0 ? { secretsFound } : {}),
          };
        }
        stored = null; // deleted by tryEdit
        if (input.baseRevision !== undefined || attempt >= EDIT_ATTEMPTS) {
          throw conflict(PASTE_MESSAGES.editedMeanwhile);
        }
      }
    },

    /** Every revision of a paste, oldest first (a paste never edited has one: itself). */
    async list(id: string, viewer: Viewer, credentials: ReadCredentials): Promise<RevisionSummary[]> {
      const row = await readableRow(id, viewer, credentials);
      if (row.revision_count === 1) return [await onlyRevision(row)];
      return (await listRevisions(db.kysely, id)).map(summaryOf);
    },

    /** Revision `number` with its text (over 10 MB, without: read it raw). */
    async read(
      id: string,
      number: number,
      viewer: Viewer,
      credentials: ReadCredentials,
    ): Promise<RevisionView> {
      const row = await readableRow(id, viewer, credentials);
      const { summary, text } = await locate(row, number);
      const content =
        summary.sizeBytes <= EXTREME_PASTE_BYTES
          ? await textOf({ content: text.content, blob_key: text.blobKey })
          : undefined;
      return { ...summary, ...(content === undefined ? {} : { content }), revisionCount: row.revision_count };
    },

    /** Revision `number`'s bytes for raw and download (see paste-delivery). */
    async open(id: string, number: number, viewer: Viewer, credentials: ReadCredentials) {
      const row = await readableRow(id, viewer, credentials);
      const { text } = await locate(row, number);
      const inline = text.content !== null ? Buffer.from(text.content, 'utf8') : null;
      const size = inline ? inline.length : await blobs.size(text.blobKey!);
      if (size === null) throw notFound(PASTE_MESSAGES.revisionNotFound);
      return {
        size,
        filename: downloadFileName(text.title, `${id}-r${number}`, text.language),
        open: async (range?: ByteRange): Promise<Readable> => {
          if (inline) return Readable.from([range ? inline.subarray(range.start, range.end + 1) : inline]);
          return blobs.get(text.blobKey!, range);
        },
      };
    },
  };

  /** The digest of the newest revision's text (saved with it once the paste was edited). */
  async function currentDigest(row: PasteWithAuthor, text: string): Promise<string> {
    if (row.revision_count > 1) {
      const newest = await findRevision(db.kysely, row.id, row.revision_count);
      if (newest) return newest.sha256;
    }
    return sha256(text);
  }
}

export type PasteRevisions = ReturnType<typeof createPasteRevisions>;
