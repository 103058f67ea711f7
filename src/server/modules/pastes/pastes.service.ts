import type { Kysely } from 'kysely';
import { MALWARE_KEPT_MS } from '../../../common/constants.js';
import { SAFETY_MESSAGES } from '../../../common/messages.js';
import { isDescribedToPreviews } from '../../../common/policies.js';
import type { AdminPastesQuery } from '../../../common/schemas/admin.js';
import { pageCount } from '../../../common/schemas/paging.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { BlobNotFoundError } from '../../infra/blob-store/index.js';
import { deleteContentBlob } from '../line-index/line-index-store.js';
import { createAuthorPastes } from './author-pastes.js';
import { deleteClaimedBurn } from './burned-pastes.repository.js';
import { isEncrypted } from './encrypted-content.js';
import { createHeldPastes } from './held-pastes.js';
import { heldSince, recentRuledPastes } from './held-pastes.repository.js';
import { findLivePaste, type PasteWithAuthor } from './live-paste.repository.js';
import { createPasteCreation, type PasteCreationDeps } from './paste-creation.js';
import {
  countPastesByUser,
  listAllPastes,
  listPastesOfUser,
  pasteTotals,
} from './paste-listings.repository.js';
import { createProcessingPastes } from './paste-processing.js';
import { replaceTags, tagsOfPastes } from './paste-tags.repository.js';
import { deletePasteRow, findEncryptedIds, findPresentIds } from './pastes.repository.js';
import { sweepDeadPastes } from './pastes.sweeper.js';
import { createPasteReader, PASTE_ID_PATTERN, type PasteReaderDeps } from './reading/paste-reader.js';
import { createPasteViews } from './reading/paste-views.js';
import { textForRules } from './rule-text.js';
import { shownRow } from './shown-row.js';

export type { CreatePasteRequest } from './paste-files.js';

type Deps = PasteReaderDeps & PasteCreationDeps;

export type PastesService = ReturnType<typeof createPastesService>;
/** A live paste as the service hands it to other modules (its row and author). */
export type { PasteWithAuthor };

export function createPastesService(deps: Deps) {
  const { db, clock, blobs, hot } = deps;
  const reader = createPasteReader(deps);
  const views = createPasteViews(deps, reader);
  const creation = createPasteCreation(deps, reader.findForkSource);

  async function deletePaste(id: string): Promise<boolean> {
    if (!PASTE_ID_PATTERN.test(id)) return false;
    const deleted = await deletePasteRow(db.kysely, id);
    hot.delete(id);
    for (const key of deleted?.blobKeys ?? []) await deleteContentBlob(blobs, key);
    return deleted !== null;
  }

  return {
    ...creation,
    ...createProcessingPastes(deps),

    /** The live paste a viewer may know exists (reports and deletion requests check it). */
    findVisible: reader.findVisible,

    /** The live row, read from the database (never the hot cache: an edit must see the newest). */
    async freshRow(id: string): Promise<PasteWithAuthor> {
      const row = PASTE_ID_PATTERN.test(id) ? shownRow(await findLivePaste(db, id, clock.now())) : undefined;
      if (!row) throw notFound(PASTE_MESSAGES.notFound);
      if (row.held_reason === 'malware')
        throw new AppError('MALWARE_BLOCKED', SAFETY_MESSAGES.malwareBlocked);
      return row;
    },

    view: views.view,
    viewJson: views.viewJson,
    pageView: views.pageView,

    /** Every live paste for the admin, newest first (at most `limit`), and how many match. */
    listAll: ({ search, sort, privacy }: AdminPastesQuery, limit: number) =>
      listAllPastes(db.kysely, {
        search: search.trim().slice(0, 100),
        sort,
        privacy,
        limit,
        now: clock.now(),
      }),

    /** Which of these pastes still have a row (live or not yet swept). */
    presentAmong: async (ids: string[]): Promise<Set<string>> =>
      new Set(await findPresentIds(db.kysely, ids)),

    /** Which of these pastes are end-to-end encrypted (the staff's report list says so). */
    encryptedAmong: async (ids: string[]): Promise<Set<string>> =>
      new Set(await findEncryptedIds(db.kysely, ids)),

    /** Live pastes per author, for the admin's user list. */
    countByUser: () => countPastesByUser(db.kysely, clock.now()),

    /** Totals for the admin panel (live pastes; views not yet flushed are left out). */
    totals: () => pasteTotals(db.kysely, clock.now()),

    /** Deletes expired pastes and unconfirmed burn claims past their grace (a background task). */
    /** Expired and unconfirmed pastes, then pastes blocked as malware for MALWARE_KEPT_MS (kept for staff until then). */
    async sweep(): Promise<number> {
      let n = await sweepDeadPastes({ db: db.kysely, blobs, clock });
      for (const id of await heldSince(db.kysely, 'malware', clock.now() - MALWARE_KEPT_MS)) {
        if (await deletePaste(id)) n++;
      }
      return n;
    },

    /** Deletes a burn paste once its single reader has it. Anything else is left alone. */
    async confirmView(id: string): Promise<{ deleted: boolean }> {
      if (!PASTE_ID_PATTERN.test(id)) throw notFound(PASTE_MESSAGES.notFound);
      const deleted = await deleteClaimedBurn(db.kysely, id, clock.now());
      hot.delete(id);
      if (deleted?.blobKey) await deleteContentBlob(blobs, deleted.blobKey);
      return { deleted: deleted !== null };
    },

    delete: deletePaste,

    /** Pastes by account or address (bans, "delete everything by this author"). */
    byAuthor: createAuthorPastes({ db: db.kysely, clock, hot, deletePaste }),

    async listForOwner(
      userId: number,
      opts: { page: number; pageSize: number; search: string; tag?: string | undefined },
    ) {
      const page = Math.max(1, opts.page);
      const { rows, total } = await listPastesOfUser(db.kysely, userId, {
        search: opts.search.trim().slice(0, 100),
        tag: opts.tag,
        offset: (page - 1) * opts.pageSize,
        limit: opts.pageSize,
        now: clock.now(),
      });
      const tags = await tagsOfPastes(
        db.kysely,
        rows.map((r) => r.id),
      );
      return {
        rows: rows.map((r) => ({ ...r, tags: tags.get(r.id) })),
        total,
        page,
        totalPages: pageCount(total, opts.pageSize),
      };
    },

    authorizeRead: reader.authorizeRead,

    /** A paste's tags (set on create; an edit replaces them). */
    tags: {
      /** Makes paste `id`'s tags exactly `tags`, through `tx` (an edit's transaction). */
      replace: (tx: Kysely<Database>, id: string, tags: readonly string[]) => replaceTags(tx, id, tags),
      /** The same in a transaction of its own (an edit that changes nothing else). */
      async set(id: string, tags: readonly string[]): Promise<void> {
        await db.kysely.transaction().execute((tx) => replaceTags(tx, id, tags));
        hot.delete(id);
      },
    },

    /** Pastes held for review (modules/safety decides them). */
    held: createHeldPastes({ db: db.kysely, clock, hot }),

    /** The newest public and unlisted plain pastes with the part of their text rules read, one at a time. */
    async *recentRuledTexts(limit: number) {
      for (const row of await recentRuledPastes(db.kysely, clock.now(), limit)) {
        const where = { inline: row.content, blobKey: row.blob_key, size: row.size_bytes };
        let text: string;
        try {
          text = await textForRules(blobs, where);
        } catch (e) {
          if (e instanceof BlobNotFoundError) continue; // deleted meanwhile
          throw e;
        }
        yield { id: row.id, title: row.title, createdAt: row.created_at, text };
      }
    },

    /** Whether `id` could be a paste id at all (anything else is "not found" without a query). */
    isPasteId: (id: string) => PASTE_ID_PATTERN.test(id),

    /**
     * What the page shell may say about a paste to a link preview, deciding nothing and counting
     * nothing: its title, and whether it is public (ready, public, not burn). Null when unknown.
     */
    async previewMeta(id: string): Promise<{ title: string | null; isPublic: boolean } | null> {
      if (!PASTE_ID_PATTERN.test(id)) return null;
      const row = shownRow(await findLivePaste(db, id, clock.now()));
      if (!row) return null;
      // An encrypted paste is never described to a preview: its title is only a placeholder.
      const isPublic =
        row.held_reason === null &&
        isDescribedToPreviews({
          privacy: row.privacy,
          burnAfterReading: row.burn_after_reading === 1,
          status: row.status,
          encrypted: isEncrypted(row),
        });
      return { title: row.title, isPublic };
    },
  };
}
