import { ENCRYPTED_TITLE_PLACEHOLDER, ENCRYPTION_PSE1 } from '../../../common/constants.js';
import { GENERIC_MESSAGES, PASTE_FILE_MESSAGES } from '../../../common/messages.js';
import {
  type CreatePasteInput,
  type CreatePasteResult,
  EXPIRATION_MS,
  PASTE_MESSAGES,
  tooLargeMessage,
} from '../../../common/schemas/paste.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/kysely.js';
import { AppError, badRequest } from '../../errors.js';
import { type BlobStore, newBlobKey } from '../../infra/blob-store/index.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { deleteContentBlob, keptBeside, type LineIndexes } from '../line-index/line-index-store.js';
import { type MalwareScanning, searchableWith } from '../malware/malware.service.js';
import type { ContentScreen } from '../safety/content-rules.service.js';
import { holdOutcome, type OutcomeRecorder } from '../safety/safety-outcomes.js';
import { EMPTY_DOCUMENT } from '../search/search-document.js';
import type { SearchDocument, SearchIndex } from '../search/search-index.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UserRow } from '../users/users.service.js';
import { type ReceivedContent, receiveContent } from './content-intake.js';
import { storeScanned } from './content-malware-scan.js';
import { checkCreateOptions, isBurn } from './create-options.js';
import { checkEncryptionOptions, sealedContentOf, sealedLineTableFor } from './encrypted-content.js';
import type { PasteWithAuthor } from './live-paste.repository.js';
import { optionalHold } from './optional-holds.js';
import { type StoredContent, storeContent } from './paste-content-store.js';
import { type CreatePasteRequest, type JoinedRequest, joinFiles, manifestJson } from './paste-files.js';
import { newPasteId } from './paste-id.js';
import type { PasteInsertBatcher } from './paste-insert-batcher.js';
import { INLINE_CONTENT_MAX_BYTES, type pasteCreationRules } from './pastes.limits.js';
import type { PasteRow } from './pastes.repository.js';
import { textForRules } from './rule-text.js';
import { checkTextForSecrets, scanAnswer, shouldScanForSecrets } from './secret-check.js';

/** Who creates a paste: the account (null for a visitor) and the address it came from. */
export type Actor = { user: UserRow | null; ip: string };

export interface PasteCreationDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  settings: SettingsService;
  rateLimiter: RateLimiter;
  lineIndexes: LineIndexes;
  inserts: PasteInsertBatcher;
  creationLimits: ReturnType<typeof pasteCreationRules>;
  /** How long the secret scan of one create may run, in slices (see common/secret-scan-slices). */
  secretScanBudgetMs: number;
  /** The content rules (modules/safety) a create passes before it is stored. */
  screen: ContentScreen;
  /** The search index, written with each new or newly ready paste. */
  search: Pick<SearchIndex, 'documentFor' | 'textOf' | 'documentOnceReady' | 'write'>;
  /** The malware scan of plain content (off when CLAMAV_URL is unset). */
  malware: Pick<MalwareScanning, 'start' | 'conclude' | 'record'>;
  /** The Safety tab's numbers: a create held by a rule or an optional hold counts there. */
  outcomes: OutcomeRecorder;
}

/**
 * Creating a paste, whatever carries its content (a JSON string, a received stream, a chunked
 * upload announced in advance): the option rules, the secret scan, the content rules, storing the
 * content and inserting the row. `findForkSource` is the reader's (a fork names a readable source).
 */
export function createPasteCreation(
  deps: PasteCreationDeps,
  findForkSource: (id: string) => Promise<PasteWithAuthor | null>,
) {
  const {
    db,
    clock,
    blobs,
    settings,
    rateLimiter,
    inserts,
    creationLimits,
    lineIndexes,
    secretScanBudgetMs,
    screen,
    search,
    malware,
    outcomes,
  } = deps;

  async function createPaste(input: JoinedRequest, actor: Actor): Promise<CreatePasteResult> {
    const encrypted = checkEncryptionOptions(input);
    const lineTable = sealedLineTableFor(encrypted, input.sealedLineTable);
    if (encrypted) return createEncrypted(input, actor, lineTable);
    const blank = typeof input.content === 'string' ? !input.content.trim() : input.content.blank;
    if (blank) throw badRequest(PASTE_MESSAGES.emptyContent);
    checkCreateOptions(input, actor.user?.role ?? null);
    // A fork names a source anyone may read and fork (canForkPaste); else nothing is stored.
    if (input.forkedFrom !== undefined && !(await findForkSource(input.forkedFrom))) {
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
    const limit = await settings.maxPasteBytes();
    const { stored, found } = await storeScanned(malware, content, (scan) =>
      storeContent(blobs, content, limit, lineIndexes, scan),
    );
    const heldReason = found?.hold ?? (screening.held ? 'rule' : extra.reason);
    const facts = { title, privacy: screening.privacy, encrypted: false, status: 'ready' as const };
    const doc = !searchableWith(found?.hold ?? null)
      ? null
      : await search.documentFor({ ...facts, burnAfterReading: isBurn(input) }, () =>
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
    // The scan's hold is counted where its verdict is recorded, as for an upload's assembly.
    if (found) await malware.record(db.kysely, created.id, found);
    else if (heldReason) await outcomes.record([holdOutcome(heldReason, screening.holdRule, created.id)]);
    return { ...created, ...scanAnswer(scan) };
  }

  /**
   * An end-to-end encrypted create: its pse1 bytes go to the blob store as they are (no
   * text checks, no secret scan, no line index: the server cannot read them) under the same option
   * rules and size limit, measured on the sealed bytes. The title is the placeholder; the sealed one
   * is kept beside it, and the sealed line table, if the creator sent one, beside the content.
   */
  async function createEncrypted(
    input: JoinedRequest,
    actor: Actor,
    lineTable: Buffer | null,
  ): Promise<CreatePasteResult> {
    // Streamed content (the multipart form) is text: an encrypted paste comes as JSON or in chunks.
    if (typeof input.content !== 'string') throw badRequest(PASTE_MESSAGES.encryptedContentInvalid);
    const bytes = await sealedContentOf(input.content);
    checkCreateOptions(input, actor.user?.role ?? null);
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
    input: JoinedRequest,
    actor: Actor,
    { size, inline, blobKey }: StoredContent,
    shown: Pick<PasteRow, 'title' | 'encryption' | 'sealed_title'> &
      Partial<Pick<PasteRow, 'held_reason' | 'held_at' | 'content_hash'>>,
    doc: SearchDocument | null,
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
            // A multi-file paste is shown as its first file (the view's content), in that file's language.
            language: input.manifest ? input.manifest[0]!.language : (input.language ?? null),
            view_count: 0,
            user_id: actor.user?.id ?? null,
            creator_ip: actor.ip,
            created_at: now,
            sweep_claimed_at: null,
            forked_from: input.forkedFrom ?? null,
            files: manifestJson(input.manifest),
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

  return {
    /** Content that arrives as a stream (see receiveContent), checked against this site's size. */
    receiveContent: async (source: AsyncIterable<Buffer>): Promise<ReceivedContent> =>
      receiveContent(source, {
        blobs,
        maxBytes: await settings.maxPasteBytes(),
        inlineMaxBytes: INLINE_CONTENT_MAX_BYTES,
        lineIndexes,
        scanBudgetMs: secretScanBudgetMs,
        malwareScan: malware.start(false),
      }),

    /** Drops content received for a create that will not happen. */
    discardReceived: async (content: ReceivedContent): Promise<void> => {
      content.malwareScan?.abort();
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
    async create(request: CreatePasteRequest, actor: Actor): Promise<CreatePasteResult> {
      const { files, content = '', ...fields } = request;
      const received = typeof content === 'string' ? null : content;
      try {
        if (files && fields.encrypted) throw badRequest(PASTE_FILE_MESSAGES.encrypted);
        const joined = files ? joinFiles(files) : { content, manifest: null };
        return await createPaste({ ...fields, ...joined }, actor);
      } catch (e) {
        received?.malwareScan?.abort();
        if (received?.blobKey) await deleteContentBlob(blobs, received.blobKey);
        throw e;
      }
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
      checkCreateOptions(input, role);
      const limit = await settings.maxPasteBytes();
      if (sizeBytes > limit) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(sizeBytes, limit));
    },
  };
}
