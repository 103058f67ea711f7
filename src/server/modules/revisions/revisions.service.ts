import { Readable } from 'node:stream';
import { EXTREME_PASTE_BYTES } from '../../../common/constants.js';
import { downloadFileName } from '../../../common/languages.js';
import { countLines } from '../../../common/line-count.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import type { RevisionSummary, RevisionView } from '../../../common/schemas/responses.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/kysely.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { BlobStore, ByteRange } from '../../infra/blob-store/index.js';
import { isEncrypted } from '../pastes/encrypted-content.js';
import { readText } from '../pastes/paste-content-store.js';
import { filesView, firstFileText, parseManifest } from '../pastes/paste-files.js';
import type { PastesService, PasteWithAuthor } from '../pastes/pastes.service.js';
import type { ReadCredentials, Viewer } from '../pastes/reading/paste-reader.js';
import { createPasteEditor, type PasteEditDeps } from './paste-edit.js';
import { findRevision, listRevisions, type RevisionRow } from './revisions.repository.js';

interface Deps extends PasteEditDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  pastes: Pick<PastesService, 'findVisible' | 'authorizeRead' | 'freshRow' | 'held' | 'tags'>;
}

/** One revision's text and where it is kept. */
interface RevisionText {
  title: string | null;
  language: RevisionRow['language'];
  number: number;
  content: string | null;
  blobKey: string | null;
  /** Its manifest when it held several files. */
  files: string | null;
}

/**
 * Edits and revisions. The paste row always holds the newest revision, so every read
 * of the paste itself is unchanged; `paste_revisions` keeps each revision's facts once the paste
 * is first edited (revision 1, the original, is saved then), and `paste_revision_contents` each
 * distinct text once. Revisions are read under the paste's own rules (authorizeRead): a password
 * paste needs its password for every revision; reading a revision counts no view.
 */
export function createPasteRevisions(deps: Deps) {
  const { db, blobs, pastes } = deps;
  const editor = createPasteEditor(deps);
  const textOf = (where: { content: string | null; blob_key: string | null }) => readText(blobs, where);

  /** The paste as a reader of its revisions may open it; burn pastes have none to read. */
  async function readableRow(
    id: string,
    viewer: Viewer,
    credentials: ReadCredentials,
  ): Promise<PasteWithAuthor> {
    const { row } = await pastes.findVisible(id, viewer);
    if (row.burn_after_reading === 1) throw conflict(PASTE_MESSAGES.burnHasNoRevisions);
    // Summaries count lines, which the server cannot do for sealed bytes (and there is only one).
    if (isEncrypted(row)) throw conflict(PASTE_MESSAGES.encryptedNoServerRead);
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

  return {
    admitEdit: editor.admit,
    edit: editor.edit,

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
      const whole =
        summary.sizeBytes <= EXTREME_PASTE_BYTES
          ? await textOf({ content: text.content, blob_key: text.blobKey })
          : undefined;
      // Several files: `content` is the first one's, as in the paste's own view.
      const manifest = parseManifest(text.files);
      const content = manifest && whole !== undefined ? firstFileText(manifest, whole) : whole;
      return {
        ...summary,
        ...(content === undefined ? {} : { content }),
        ...(manifest ? { files: filesView(manifest, whole) } : {}),
        revisionCount: row.revision_count,
      };
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
}

export type PasteRevisions = ReturnType<typeof createPasteRevisions>;
