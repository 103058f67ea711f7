import { buffer } from 'node:stream/consumers';
import type { PasteLanguage } from '../../../../common/languages.js';
import { countLines } from '../../../../common/line-count.js';
import { mayEmbedPaste, mayPreviewPaste } from '../../../../common/policies.js';
import { AppError } from '../../../errors.js';
import type { BlobStore } from '../../../infra/blob-store/index.js';
import type { LineIndexes } from '../../line-index/line-index-store.js';
import { isEncrypted } from '../encrypted-content.js';
import type { PasteWithAuthor } from '../live-paste.repository.js';
import { findSpan, manifestOfRow } from '../paste-files.js';
import type { PastesService } from '../pastes.service.js';
import { pageTextOf, textPrefixOf } from './page-text.js';
import type { Viewer } from './paste-reader.js';

/** An embed is read for whoever opens the host page: as a visitor, counting nothing, burning nothing. */
const EMBED_READER: Viewer = { user: null, ip: '', countable: false, burn: 'refuse' };

/** What an embed or an oEmbed answer shows of a paste. */
export interface EmbeddablePaste {
  id: string;
  title: string | null;
  language: PasteLanguage | null;
  authorName: string | null;
  /** Names the text shown (id and revision): a rendered embed kept under it is never stale. */
  version: string;
  /** The whole text, or the first lines of a very large one (as its page shows them). */
  text: string;
  /** Lines of the whole text. */
  totalLines: number;
}

/** What a link preview's card shows of a paste: its opening, never its whole text. */
export interface PasteOpening extends Omit<EmbeddablePaste, 'text' | 'totalLines'> {
  sizeBytes: number;
  /** The text's first bytes (textPrefixOf), read only when asked. */
  text: () => Promise<string>;
}

interface Deps {
  pastes: Pick<PastesService, 'findVisible'>;
  blobs: BlobStore;
  lineIndexes: LineIndexes;
}

/**
 * The paste `id` as other sites may show it (mayEmbedPaste), or null — for a missing paste and
 * for one that may not be embedded alike, so the answer tells nothing about which.
 */
export function createEmbedReader({ pastes, blobs, lineIndexes }: Deps) {
  /** The paste's row if it may be embedded on a site with these settings. */
  async function embeddableRow(id: string, site: { requireSignInToRead: boolean }, rule = mayEmbedPaste) {
    if (site.requireSignInToRead) return null;
    let row: Awaited<ReturnType<PastesService['findVisible']>>['row'];
    try {
      ({ row } = await pastes.findVisible(id, EMBED_READER));
    } catch (e) {
      if (e instanceof AppError) return null;
      throw e;
    }
    const facts = {
      privacy: row.privacy,
      burnAfterReading: row.burn_after_reading === 1,
      status: row.status,
      encrypted: isEncrypted(row),
      held: row.held_reason !== null,
    };
    return rule(facts, site) ? row : null;
  }

  return {
    /**
     * The paste `id` as its preview card shows it, when it has one (mayPreviewPaste), reading at
     * most `maxBytes` of its text.
     */
    async opening(
      id: string,
      site: { requireSignInToRead: boolean },
      maxBytes: number,
    ): Promise<PasteOpening | null> {
      const row = await embeddableRow(id, site, mayPreviewPaste);
      if (!row) return null;
      return {
        ...shownFacts(row),
        sizeBytes: row.size_bytes,
        text: () => textPrefixOf(row, blobs, maxBytes),
      };
    },

    /** `file`: one file of a multi-file paste by name (default the first; null when there is none). */
    async read(
      id: string,
      site: { requireSignInToRead: boolean },
      file?: string,
    ): Promise<EmbeddablePaste | null> {
      const row = await embeddableRow(id, site);
      if (!row) return null;
      const manifest = manifestOfRow(row);
      if (manifest) {
        const span = findSpan(manifest, file ?? manifest[0]!.name);
        if (!span) return null;
        const { start, entry } = span;
        // Only the file's bytes are read: a range of the stored content.
        const bytes =
          row.content !== null
            ? Buffer.from(row.content, 'utf8').subarray(start, start + entry.bytes)
            : entry.bytes === 0
              ? Buffer.alloc(0)
              : await buffer(await blobs.get(row.blob_key!, { start, end: start + entry.bytes - 1 }));
        const text = bytes.toString('utf8');
        return { ...shownFacts(row), language: entry.language, text, totalLines: countLines(text) };
      }
      const { text, totalLines } = await pageTextOf(row, { blobs, lineIndexes });
      return {
        ...shownFacts(row),
        text,
        totalLines,
      };
    },
  };
}

/** What an embed and a preview card both show of a paste, and the version that names its text. */
const shownFacts = (row: PasteWithAuthor) => ({
  id: row.id,
  title: row.title,
  language: row.language,
  authorName: row.author_username,
  version: versionOf(row),
});

/** Names a paste's text (id and revision): what is kept under it is never stale. */
const versionOf = (row: {
  id: string;
  revision_count: number;
  edited_at: number | null;
  created_at: number;
}) => `${row.id}:${row.revision_count}:${row.edited_at ?? row.created_at}`;

export type EmbedReader = ReturnType<typeof createEmbedReader>;
