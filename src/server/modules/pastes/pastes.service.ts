import type { Kysely } from 'kysely';
import {
  ENCRYPTED_TITLE_PLACEHOLDER,
  ENCRYPTION_PSE1,
  type Expiration,
  type HoldReason,
  MALWARE_KEPT_MS,
  type Privacy,
} from '../../../common/constants.js';
import type { PasteLanguage } from '../../../common/languages.js';
import { GENERIC_MESSAGES, SAFETY_MESSAGES, TAG_MESSAGES } from '../../../common/messages.js';
import { canChooseExpiration, canChoosePrivacy, isDescribedToPreviews } from '../../../common/policies.js';
import type { AdminPastesQuery } from '../../../common/schemas/admin.js';
import { pageCount } from '../../../common/schemas/paging.js';
import {
  type CreatePasteInput,
  type CreatePasteResult,
  EXPIRATION_MS,
  PASTE_MESSAGES,
  tooLargeMessage,
} from '../../../common/schemas/paste.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { BlobNotFoundError, newBlobKey } from '../../infra/blob-store/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { ContentScreen } from '../safety/content-rules.service.js';
import { EMPTY_DOCUMENT } from '../search/search-document.js';
import type { SearchDocument, SearchIndex } from '../search/search-index.service.js';
import type { UserRow } from '../users/users.service.js';
import { createAuthorPastes } from './author-pastes.js';
import { type ReceivedContent, receiveContent } from './content-intake.js';
import {
  checkEncryptionOptions,
  isEncrypted,
  sealedContentOf,
  sealedLineTableFor,
} from './encrypted-content.js';
import { createHeldPastes } from './held-pastes.js';
import { heldSince, recentRuledPastes } from './held-pastes.repository.js';
import { deleteContentBlob, keptBeside, type LineIndexes } from './line-index/line-index-store.js';
import { findLivePaste, type PasteWithAuthor } from './live-paste.repository.js';
import { optionalHold } from './optional-holds.js';
import { type PasteContent, type StoredContent, storeContent } from './paste-content-store.js';
import type { PasteInsertBatcher } from './paste-insert-batcher.js';
import { replaceTags, tagsOfPastes } from './paste-tags.repository.js';
import { INLINE_CONTENT_MAX_BYTES, type pasteCreationRules } from './pastes.limits.js';
import {
  countPastesByUser,
  deleteClaimedBurn,
  deletePasteRow,
  findEncryptedIds,
  findPresentIds,
  insertPasteIfAbsent,
  listAllPastes,
  listPastesOfUser,
  markPasteReady,
  type PasteRow,
  pasteTotals,
} from './pastes.repository.js';
import { sweepDeadPastes } from './pastes.sweeper.js';
import { createPasteReader, PASTE_ID_PATTERN, type PasteReaderDeps } from './reading/paste-reader.js';
import { textForRules } from './rule-text.js';
import { checkTextForSecrets, scanAnswer, shouldScanForSecrets } from './secret-check.js';
import { shownRow } from './shown-row.js';

export type CreatePasteRequest = Omit<CreatePasteInput, 'content'> & { content: PasteContent };
/** Who creates a paste: the account (null for a visitor) and the address it came from. */
export type Actor = { user: UserRow | null; ip: string };

interface Deps extends PasteReaderDeps {
  lineIndexes: LineIndexes;
  inserts: PasteInsertBatcher;
  creationLimits: ReturnType<typeof pasteCreationRules>;
  /** How long the secret scan of one create may run, in slices (see common/secret-scan-slices). */
  secretScanBudgetMs: number;
  /** The content rules (modules/safety) a create passes before it is stored. */
  screen: ContentScreen;
  /** The search index, written with each new or newly ready paste. */
  search: Pick<SearchIndex, 'documentFor' | 'textOf' | 'documentOnceReady' | 'write'>;
}

/**
 * A new paste id: 72 random bits as 12 base64url characters, never starting with '-', which a command line (the
 * CLI's `pasteshare get ID`, or any tool's) would take for an option.
 */
const isBurn = (input: Pick<CreatePasteInput, 'expiration' | 'burnAfterReading'>) =>
  input.expiration === 'burn' || input.burnAfterReading;

export function newPasteId(): string {
  for (;;) {
    const id = randomToken(9);
    if (!id.startsWith('-')) return id;
  }
}

export type PastesService = ReturnType<typeof createPastesService>;
/** A live paste as the service hands it to other modules (its row and author). */
export type { PasteWithAuthor };

export function createPastesService(deps: Deps) {
  const {
    db,
    clock,
    blobs,
    settings,
    rateLimiter,
    hot,
    inserts,
    creationLimits,
    lineIndexes,
    secretScanBudgetMs,
    screen,
    search,
  } = deps;
  const reader = createPasteReader(deps);

  /** The options every create must pass (spec §5), whatever carries the content. */
  function checkOptions(
    input: Pick<CreatePasteInput, 'privacy' | 'password' | 'expiration'>,
    role: UserRow['role'] | null,
  ): void {
    if (input.privacy === 'password' && !input.password) throw badRequest(PASTE_MESSAGES.passwordRequired);
    if (!canChoosePrivacy(role, input.privacy)) throw forbidden(PASTE_MESSAGES.sharedNeedsAccount);
    if (!canChooseExpiration(role, input.expiration)) {
      throw forbidden(
        input.expiration === '6m' ? PASTE_MESSAGES.sixMonthsNeedsAccount : PASTE_MESSAGES.unlimitedNeedsVip,
      );
    }
  }

  async function createPaste(input: CreatePasteRequest, actor: Actor): Promise<CreatePasteResult> {
    const encrypted = checkEncryptionOptions(input);
    const lineTable = sealedLineTableFor(encrypted, input.sealedLineTable);
    if (encrypted) return createEncrypted(input, actor, lineTable);
    const blank = typeof input.content === 'string' ? !input.content.trim() : input.content.blank;
    if (blank) throw badRequest(PASTE_MESSAGES.emptyContent);
    checkOptions(input, actor.user?.role ?? null);
    // A fork names a source anyone may read and fork (canForkPaste); else nothing is stored.
    if (input.forkedFrom !== undefined && !(await reader.findForkSource(input.forkedFrom))) {
      throw badRequest(PASTE_MESSAGES.forkNotAllowed);
    }
    const scan = !shouldScanForSecrets(input.privacy)
      ? null
      : typeof input.content === 'string'
        ? await checkTextForSecrets(input.content, secretScanBudgetMs)
        : input.content.scan;
    const { secretsFound } = scanAnswer(scan);
    if (input.checkSecrets && secretsFound) {
      throw new AppError('SECRETS_DETECTED', PASTE_MESSAGES.secretsDetected, {}, { secretsFound });
    }
    const title = input.title.trim() || null;
    const content = input.content;
    const screening = await screen.screen(
      { title, content: () => textForRules(blobs, content) },
      input.privacy,
    );
    const extra = await optionalHold(
      { db: db.kysely, clock, settings: await settings.get() },
      { privacy: screening.privacy, ...actor, text: () => textForRules(blobs, content) },
    );
    const heldReason = screening.held ? 'rule' : extra.reason;
    const stored = await storeContent(blobs, input.content, await settings.maxPasteBytes(), lineIndexes);
    const facts = { title, privacy: screening.privacy, encrypted: false, status: 'ready' as const };
    const doc = await search.documentFor({ ...facts, burnAfterReading: isBurn(input) }, () =>
      typeof content === 'string'
        ? content
        : search.textOf({ content: content.inline, blob_key: content.blobKey, size_bytes: content.size }),
    );
    const created = await insertNew(
      { ...input, privacy: screening.privacy },
      actor,
      stored,
      {
        title,
        encryption: null,
        sealed_title: null,
        held_reason: heldReason,
        held_at: heldReason ? clock.now() : null,
        content_hash: extra.contentHash,
      },
      doc,
    );
    await screening.record(created.id);
    return { ...created, ...scanAnswer(scan) };
  }

  /**
   * An end-to-end encrypted create: its pse1 bytes go to the blob store as they are (no
   * text checks, no secret scan, no line index: the server cannot read them) under the same option
   * rules and size limit, measured on the sealed bytes. The title is the placeholder; the sealed one
   * is kept beside it, and the sealed line table, if the creator sent one, beside the content.
   */
  async function createEncrypted(
    input: CreatePasteRequest,
    actor: Actor,
    lineTable: Buffer | null,
  ): Promise<CreatePasteResult> {
    // Streamed content (the multipart form) is text: an encrypted paste comes as JSON or in chunks.
    if (typeof input.content !== 'string') throw badRequest(PASTE_MESSAGES.encryptedContentInvalid);
    if (input.tags?.length) throw badRequest(TAG_MESSAGES.encrypted);
    const bytes = await sealedContentOf(input.content);
    checkOptions(input, actor.user?.role ?? null);
    const limit = await settings.maxPasteBytes();
    if (bytes.length > limit) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(bytes.length, limit));
    const blobKey = newBlobKey('pastes');
    await blobs.put(blobKey, bytes);
    // Kept where a plain paste's line index is, so it goes with the content (deleteContentBlob).
    if (lineTable) await keptBeside(blobs, blobKey, lineIndexes.saveSealed(blobKey, lineTable));
    return insertNew(
      input,
      actor,
      { size: bytes.length, inline: null, blobKey },
      { title: ENCRYPTED_TITLE_PLACEHOLDER, encryption: ENCRYPTION_PSE1, sealed_title: input.sealedTitle! },
      EMPTY_DOCUMENT,
    );
  }

  /** The row of a new paste whose content is stored; the content is deleted again if it fails. */
  async function insertNew(
    input: CreatePasteRequest,
    actor: Actor,
    { size, inline, blobKey }: StoredContent,
    shown: Pick<PasteRow, 'title' | 'encryption' | 'sealed_title'> &
      Partial<Pick<PasteRow, 'held_reason' | 'held_at' | 'content_hash'>>,
    doc: SearchDocument,
  ): Promise<CreatePasteResult> {
    const now = clock.now();
    const burn = isBurn(input);
    const ttl = EXPIRATION_MS[input.expiration];
    const creatorToken = actor.user ? undefined : randomToken(24);
    try {
      const passwordHash = input.privacy === 'password' ? await hashPassword(input.password) : null;
      for (let attempt = 0; ; attempt++) {
        const id = newPasteId();
        const stored = await inserts.insert(
          {
            id,
            ...shown,
            content: inline,
            blob_key: blobKey,
            size_bytes: size,
            privacy: input.privacy,
            password_hash: passwordHash,
            expiration: input.expiration,
            expires_at: ttl === null ? null : now + ttl,
            burn_after_reading: burn ? 1 : 0,
            burn_claimed_at: null,
            creator_token_hash: creatorToken ? hashToken(creatorToken) : null,
            status: 'ready',
            language: input.language ?? null,
            view_count: 0,
            user_id: actor.user?.id ?? null,
            creator_ip: actor.ip,
            created_at: now,
            sweep_claimed_at: null,
            forked_from: input.forkedFrom ?? null,
          },
          { tags: input.tags ?? [], doc },
        );
        if (stored) return creatorToken ? { id, creatorToken } : { id };
        if (attempt >= 3) throw new Error('No free paste id after 4 draws');
      }
    } catch (e) {
      if (blobKey) await deleteContentBlob(blobs, blobKey);
      throw e;
    }
  }

  async function deletePaste(id: string): Promise<boolean> {
    if (!PASTE_ID_PATTERN.test(id)) return false;
    const deleted = await deletePasteRow(db.kysely, id);
    hot.delete(id);
    for (const key of deleted?.blobKeys ?? []) await deleteContentBlob(blobs, key);
    return deleted !== null;
  }

  return {
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

    /** Content that arrives as a stream (see receiveContent), checked against this site's size. */
    receiveContent: async (source: AsyncIterable<Buffer>): Promise<ReceivedContent> =>
      receiveContent(source, {
        blobs,
        maxBytes: await settings.maxPasteBytes(),
        inlineMaxBytes: INLINE_CONTENT_MAX_BYTES,
        lineIndexes,
        scanBudgetMs: secretScanBudgetMs,
      }),

    /** Drops content received for a create that will not happen. */
    discardReceived: async (content: ReceivedContent): Promise<void> => {
      if (content.blobKey) await deleteContentBlob(blobs, content.blobKey);
    },

    /**
     * Counts a create against its author's budget: per address for visitors, per account (session
     * and API key together) otherwise. Routes call it before reading any content, so a flood is
     * refused before its bodies are streamed.
     */
    async admitCreate(actor: { user: UserRow | null; ip: string }): Promise<void> {
      await rateLimiter.consume(
        [actor.user ? [creationLimits.perAccount, String(actor.user.id)] : [creationLimits.perIp, actor.ip]],
        GENERIC_MESSAGES.tooManyPastes,
      );
    },

    /**
     * One rule set for every create (after admitCreate), whether the content came as a JSON string or as a stream
     * already received. A refused create keeps nothing: a received blob is deleted.
     */
    async create(input: CreatePasteRequest, actor: Actor): Promise<CreatePasteResult> {
      const received = typeof input.content === 'string' ? null : input.content;
      try {
        return await createPaste(input, actor);
      } catch (e) {
        if (received?.blobKey) await deleteContentBlob(blobs, received.blobKey);
        throw e;
      }
    },

    view: reader.view,
    viewJson: reader.viewJson,
    pageView: reader.pageView,

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

    /**
     * The paste a finalized chunked upload becomes: visible at once in the processing state, its
     * content (blobKey) written by the assembly. Idempotent, so finalize can run again after a crash.
     */
    async createProcessing(p: ProcessingPaste): Promise<void> {
      const now = clock.now();
      const ttl = EXPIRATION_MS[p.expiration];
      await insertPasteIfAbsent(db.kysely, {
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

    /** Whether `id` could be a paste id at all (anything else is "not found" without a query). */
    isPasteId: (id: string) => PASTE_ID_PATTERN.test(id),

    /** Processing state of a paste for its assembly progress; null when it is not (or no longer) there. */
    async processingState(id: string): Promise<'processing' | 'ready' | null> {
      if (!PASTE_ID_PATTERN.test(id)) return null;
      const row = await findLivePaste(db, id, clock.now());
      if (!row || row.status === 'failed') return null;
      return row.status;
    },

    newId: newPasteId,

    /**
     * What a create of `sizeBytes` announced in advance (a chunked upload's init) must pass: the
     * same option rules and size limit as any create.
     */
    async checkAnnounced(
      input: Pick<CreatePasteInput, 'privacy' | 'password' | 'expiration'>,
      role: UserRow['role'],
      sizeBytes: number,
    ): Promise<void> {
      checkOptions(input, role);
      const limit = await settings.maxPasteBytes();
      if (sizeBytes > limit) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(sizeBytes, limit));
    },

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
}
