import type { PasteLanguage } from '../../../../common/languages.js';
import { mayEmbedPaste } from '../../../../common/policies.js';
import { AppError } from '../../../errors.js';
import type { BlobStore } from '../../../infra/blob-store/index.js';
import type { LineIndexes } from '../../line-index/line-index-store.js';
import { isEncrypted } from '../encrypted-content.js';
import type { PastesService } from '../pastes.service.js';
import { pageTextOf } from './page-text.js';
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
  async function embeddableRow(id: string, site: { requireSignInToRead: boolean }) {
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
    return mayEmbedPaste(facts, site) ? row : null;
  }

  return {
    async read(id: string, site: { requireSignInToRead: boolean }): Promise<EmbeddablePaste | null> {
      const row = await embeddableRow(id, site);
      if (!row) return null;
      const { text, totalLines } = await pageTextOf(row, { blobs, lineIndexes });
      return {
        id: row.id,
        title: row.title,
        language: row.language,
        authorName: row.author_username,
        version: `${row.id}:${row.revision_count}:${row.edited_at ?? row.created_at}`,
        text,
        totalLines,
      };
    },
  };
}

export type EmbedReader = ReturnType<typeof createEmbedReader>;
