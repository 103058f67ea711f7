import { buffer } from 'node:stream/consumers';
import { PROCESSING_CONTENT } from '../../../../common/constants.js';
import { namesForkSource, showsTextInPage } from '../../../../common/policies.js';
import type { PasteView } from '../../../../common/schemas/paste.js';
import type { BlobStore } from '../../../infra/blob-store/index.js';
import type { LineIndexes } from '../../line-index/line-index-store.js';
import { isEncrypted } from '../encrypted-content.js';
import type { PasteWithAuthor } from '../live-paste.repository.js';
import { filesView, firstFileText, manifestOfRow } from '../paste-files.js';
import { pasteViewJson, presentPasteMeta, viewFactsJson, withholdContentFacts } from '../pastes.presenter.js';
import type { HotPasteCache } from './hot-paste-cache.js';
import { pageTextOf, shownWhole } from './page-text.js';
import {
  type createPasteReader,
  type ReadCredentials,
  relationOf,
  type Viewer,
  type VisiblePaste,
} from './paste-reader.js';
import { viewerKey } from './recent-viewers.js';
import type { ViewCounter } from './view-counter.js';

/**
 * The JSON view of a paste (GET /api/pastes/:id, verify, the v1 read and the page's first HTML):
 * the reader's decision rendered, with the view counted.
 */
export function createPasteViews(
  {
    blobs,
    views,
    hot,
    lineIndexes,
  }: { blobs: BlobStore; views: ViewCounter; hot: HotPasteCache; lineIndexes: LineIndexes },
  { findVisible, findForkSource, authorizeRead }: ReturnType<typeof createPasteReader>,
) {
  async function loadContent(row: PasteWithAuthor): Promise<string> {
    if (row.content !== null) return row.content;
    const bytes = await buffer(await blobs.get(row.blob_key!));
    // Encrypted content is bytes, which JSON carries as standard base64.
    return bytes.toString(isEncrypted(row) ? 'base64' : 'utf8');
  }

  /**
   * What GET /api/pastes/:id, POST …/verify and the v1 read answer: authorizeRead, rendered. For
   * the page's first HTML (`forPage`), the text is what the page shows of it (pageTextOf), and
   * `textLines` the whole text's lines (absent for a small text, shown whole).
   */
  async function render(
    id: string,
    viewer: Viewer,
    credentials: ReadCredentials,
    found?: VisiblePaste,
    forPage = false,
  ): Promise<{ view: PasteView; row: PasteWithAuthor; kept: boolean; textLines?: number }> {
    const decision = await authorizeRead(id, viewer, credentials, 'json', found);
    const { row } = decision;
    const kept = hot.keeps(row);
    const view = presentPasteMeta(row, row.view_count + views.pendingFor(id), kept);
    view.isOwner = decision.isOwner;
    if (decision.outcome === 'processing') {
      view.content = PROCESSING_CONTENT;
      return { view, row, kept };
    }
    if (decision.outcome === 'locked') {
      view.requiresPassword = true;
      withholdContentFacts(view);
      return { view, row, kept };
    }
    view.staffAccess = decision.staffAccess;
    if (decision.accessToken) view.accessToken = decision.accessToken;
    // Only a fork costs a second look-up: the source is named while it can still be read and
    // forked, and only to a reader who may know of it (namesForkSource).
    const source = row.forked_from === null ? null : await findForkSource(row.forked_from);
    const readerIsAuthor = source !== null && relationOf(source, viewer).isOwner;
    if (source && namesForkSource({ privacy: source.privacy, readerIsAuthor })) {
      view.forkedFrom = { id: source.id, title: source.title };
    }
    const manifest = manifestOfRow(row);
    if (view.isExtreme) {
      // Too large to show: the files are named (for their own downloads), without their text.
      if (manifest) view.files = filesView(manifest, undefined);
      const q = view.accessToken ? `?access=${encodeURIComponent(view.accessToken)}` : '';
      view.downloadUrl = `/api/pastes/${id}/download${q}`;
      // The extreme screen is how such a paste is seen: it counts like any view.
      // A burn paste counts when it is downloaded, which is what claims it.
      if (row.burn_after_reading !== 1) countView(view, decision.isOwner, viewer);
      return { view, row, kept };
    }
    if (decision.outcome === 'held') {
      view.requiresReveal = true;
      return { view, row, kept };
    }
    // Most pastes are small enough for their page to show as they are, as fast as before.
    // A multi-file paste is sliced into its files from the whole text, never a page's preview.
    const page =
      forPage && !manifest && !shownWhole(row) ? await pageTextOf(row, { blobs, lineIndexes }) : null;
    const text = page ? page.text : (row.content ?? (await loadContent(row)));
    view.files = manifest ? filesView(manifest, text) : undefined;
    view.content = manifest ? firstFileText(manifest, text) : text;
    countView(view, decision.isOwner, viewer);
    return { view, row, kept, textLines: page?.totalLines };
  }

  /** One view per reader (not the author, not a bot); the answer shows it at once. */
  function countView(view: PasteView, isOwner: boolean, viewer: Viewer): void {
    if (
      !isOwner &&
      viewer.countable &&
      views.record(view.id, viewerKey(view.id, viewer.ip, viewer.user?.id ?? null))
    ) {
      view.viewCount += 1;
    }
  }

  return {
    /** A paste as its viewer may see it (see render). */
    view: async (id: string, viewer: Viewer, credentials: ReadCredentials = {}): Promise<PasteView> =>
      (await render(id, viewer, credentials)).view,

    /**
     * The paste as its page's first HTML shows it, or null when that page shows no
     * text (showsTextInPage: password, burn, processing, extreme), deciding and counting nothing
     * then. Otherwise it is read as the app's own read of the page is, and the two count one view
     * (one per reader and window). Throws 404 like any read of a paste that is not there.
     * `factsJson` is what the page shows of it but its text and count (viewFactsJson). The view's
     * text is only a very large paste's preview, read in bounded work (pageTextOf); `textLines`
     * counts the lines of the whole (absent when the text is small and whole).
     */
    async pageView(
      id: string,
      viewer: Viewer,
    ): Promise<{ view: PasteView; factsJson: string; textLines?: number; held: boolean } | null> {
      const found = await findVisible(id, viewer);
      const { row } = found;
      const shown = showsTextInPage({
        privacy: row.privacy,
        burnAfterReading: row.burn_after_reading === 1,
        status: row.status,
        sizeBytes: row.size_bytes,
        encrypted: isEncrypted(row),
      });
      if (!shown) return null;
      const { view, row: read, kept, textLines } = await render(id, viewer, {}, found, true);
      // Held for review (then read by its author or staff only): no other site is told of it.
      const held = read.held_reason !== null;
      return { view, factsJson: viewFactsJson(view, read, kept), textLines, held };
    },

    /** The same answer as JSON text (the routes send this; see pasteViewJson). */
    async viewJson(id: string, viewer: Viewer, credentials: ReadCredentials = {}): Promise<string> {
      const { view, row, kept } = await render(id, viewer, credentials);
      return pasteViewJson(view, row, kept);
    },
  };
}
