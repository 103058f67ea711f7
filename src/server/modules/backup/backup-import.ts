import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Transaction } from 'kysely';
import Parser, { type Token } from 'stream-json/Parser.js';
import {
  EXTREME_PASTE_BYTES,
  PASTE_TAGS_MAX,
  SAFETY_MAX_PATTERNS,
  SAFETY_MAX_RULES,
} from '../../../common/constants.js';
import { PASTE_MESSAGES, SAFETY_MESSAGES } from '../../../common/messages.js';
import {
  BACKUP_FORMAT,
  BACKUP_MESSAGES,
  BACKUP_ROW_SCHEMAS,
  BACKUP_SECTIONS,
  BACKUP_VERSION,
  type BackupRow,
  type BackupSection,
} from '../../../common/schemas/backup.js';
import { isConstraintViolation } from '../../db/dialect.js';
import type { Erasure } from '../../db/erasure.js';
import type { Db } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest } from '../../errors.js';
import type { BlobStore } from '../../infra/blob-store/index.js';
import { deleteContentBlob, type LineIndexes } from '../line-index/line-index-store.js';
import { isEncrypted, sealedLineTableFor } from '../pastes/encrypted-content.js';
import type { ContentRulesService } from '../safety/content-rules.service.js';
import type { SearchIndex } from '../search/search-index.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import {
  deleteAll,
  dropRestoredPaste,
  gapInHistories,
  insertRow,
  newestRevisionOf,
  pasteBlobKeys,
  pasteWithTagsOver,
  resetSequences,
  revisionCountOf,
  revisionHasDigest,
} from './backup.repository.js';
import { readBackupRows } from './backup-reader.js';
import { isLocalSetting } from './backup-tables.js';
import { contentSink, type StoredContent, type SunkContent } from './content-sink.js';
import { sealedFromBase64 } from './sealed-content.js';

interface Deps {
  db: Db;
  blobs: BlobStore;
  settings: SettingsService;
  uploads: UploadsService;
  /** Line indexes and sealed line tables, kept beside the content they belong to. */
  lineIndexes: Pick<LineIndexes, 'builder' | 'save' | 'saveSealed'>;
  /** Content larger than this (or holding NUL) is stored as a blob, as pastes.service does. */
  inlineMaxBytes: number;
  /** The replaced reports' shared keys go from the database's files too. */
  erasure: Erasure;
  /** The restored pastes' search documents, written in the import's transaction. */
  search: Pick<SearchIndex, 'reindexAll'>;
  rules: Pick<ContentRulesService, 'normalize' | 'reload'>;
}

/** The tokenizer's own failures (a truncated or malformed document) say so; refusals pass as they are. */
async function* parsedTokens(tokens: AsyncIterable<Token>): AsyncGenerator<Token> {
  const it = tokens[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Token>;
    try {
      next = await it.next();
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw badRequest(`${BACKUP_MESSAGES.notABackup}: ${e instanceof Error ? e.message : 'unreadable'}`);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** `pastes row N: sealed_line_table: …`, as the import's other refusals read. */
function checkedLineTable(row: BackupRow<'pastes'>, number: number): Buffer | null {
  try {
    return sealedLineTableFor(isEncrypted(row), row.sealed_line_table);
  } catch (e) {
    if (e instanceof AppError) throw badRequest(`pastes row ${number}: sealed_line_table: ${e.message}`);
    throw e;
  }
}

type Trx = Transaction<Database>;

/**
 * Replaces every table with a backup document's rows, all or nothing (see backup.service.ts):
 * each row checked against its table's schema and, for revisions, against what came before it
 * (the paste, its revision count, the digest of each text), then the histories checked whole.
 */
export function createBackupImport(deps: Deps) {
  const { db, blobs, settings, uploads, lineIndexes, erasure } = deps;

  async function digestOf(where: StoredContent): Promise<string> {
    const hash = createHash('sha256');
    if (where.content !== null) hash.update(where.content, 'utf8');
    else for await (const chunk of await blobs.get(where.blob_key!)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  async function pasteRow(
    row: BackupRow<'pastes'>,
    received: SunkContent,
    number: number,
    written: string[],
  ) {
    const { lines, sha256: _digest, ...stored } = received;
    let content: StoredContent = stored;
    const lineTable = checkedLineTable(row, number);
    const { sealed_line_table: _table, ...paste } = row;
    if (isEncrypted(paste)) {
      if (paste.revision_count !== 1)
        throw badRequest(`pastes row ${number}: revision_count: ${BACKUP_MESSAGES.encryptedHasNoRevisions}`);
      const sealed = await sealedFromBase64(blobs, content, written);
      if (!sealed)
        throw badRequest(`pastes row ${number}: content: ${PASTE_MESSAGES.encryptedContentInvalid}`);
      content = sealed;
      if (lineTable) await lineIndexes.saveSealed(sealed.blob_key!, lineTable);
    } else if (lines && content.size_bytes > EXTREME_PASTE_BYTES) {
      await lineIndexes.save(content.blob_key!, lines);
    }
    return { ...paste, ...content, status: 'ready', sweep_claimed_at: null };
  }

  /** A revision of a paste that came before it, numbered within its count (an edited paste's). */
  async function revisionRow(trx: Trx, row: BackupRow<'paste_revisions'>, label: string) {
    const count = await revisionCountOf(trx, row.paste_id);
    if (count === undefined) throw badRequest(`${label}: paste_id: ${BACKUP_MESSAGES.noSuchPaste}`);
    if (count === 1 || row.number > count)
      throw badRequest(`${label}: number: ${BACKUP_MESSAGES.beyondRevisions}`);
    return row;
  }

  /**
   * A revision's text, filed under the digest of its revision: its own text (checked against the
   * digest), or null for the newest revision's, which is the paste's own (stored once, shared).
   */
  async function revisionContentRow(trx: Trx, row: Record<string, unknown>, label: string) {
    const { paste_id, sha256 } = row as { paste_id: string; sha256: string };
    const newest = await newestRevisionOf(trx, paste_id);
    if (!newest) throw badRequest(`${label}: paste_id: ${BACKUP_MESSAGES.noSuchPaste}`);
    if (!(await revisionHasDigest(trx, paste_id, sha256)))
      throw badRequest(`${label}: sha256: ${BACKUP_MESSAGES.noSuchRevision}`);
    if (row.content === null) {
      if (sha256 !== newest.sha256)
        throw badRequest(`${label}: content: ${BACKUP_MESSAGES.onlyNewestIsNull}`);
      const own = { content: newest.content, blob_key: newest.blob_key, size_bytes: newest.size_bytes };
      if ((await digestOf(own)) !== sha256)
        throw badRequest(`${label}: content: ${BACKUP_MESSAGES.digestMismatch}`);
      return { paste_id, sha256, ...own };
    }
    const { sha256: digest, lines: _lines, ...stored } = row.content as SunkContent;
    if (sha256 === newest.sha256) throw badRequest(`${label}: content: ${BACKUP_MESSAGES.newestIsPasteText}`);
    if (digest !== sha256) throw badRequest(`${label}: content: ${BACKUP_MESSAGES.digestMismatch}`);
    return { paste_id, sha256, ...stored };
  }

  /** A content rule as the rules keep it (a hand-edited value could never match, or not compile). */
  function safetyRuleRow(row: BackupRow<'safety_rules'>, label: string) {
    try {
      if (deps.rules.normalize(row.kind, row.value) === row.value) return row;
    } catch (e) {
      if (e instanceof AppError) throw badRequest(`${label}: value: ${e.message}`);
      throw e;
    }
    throw badRequest(`${label}: value: ${BACKUP_MESSAGES.ruleValueNotKept}`);
  }

  /** The texts that stream (to a sink): a paste's content, a revision's. */
  const streamedText = (table: BackupSection) => table === 'pastes' || table === 'paste_revision_contents';

  /** A row as its table takes it, checked; `row.content` of a streamed text is what its sink wrote. */
  async function checkedRow(
    trx: Trx,
    event: { table: BackupSection; number: number; row: Record<string, unknown> },
    written: string[],
  ): Promise<Record<string, unknown>> {
    const { table: t, number, row } = event;
    const label = `${t} row ${number}`;
    // A text went to its sink (an object here); anything else is checked as it is.
    const streamed = streamedText(t) && typeof row.content === 'object' && row.content !== null;
    const parsed = BACKUP_ROW_SCHEMAS[t].safeParse(streamed ? { ...row, content: '' } : row);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(`${label}: ${issue.path.join('.') || 'row'}: ${issue.message}`);
    }
    const data = parsed.data as Record<string, unknown>;
    if (t === 'pastes')
      return pasteRow(data as BackupRow<'pastes'>, row.content as SunkContent, number, written);
    if (t === 'paste_revisions') return revisionRow(trx, data as BackupRow<'paste_revisions'>, label);
    if (t === 'paste_revision_contents') return revisionContentRow(trx, row, label);
    if (t === 'safety_rules') return safetyRuleRow(data as BackupRow<'safety_rules'>, label);
    return data;
  }

  /**
   * Reads the document into the emptied tables. Returns the blob keys of the pastes it lists as
   * gone (left out again), to delete once committed.
   */
  async function restoreRows(
    trx: Trx,
    source: Readable,
    written: string[],
    counts: Record<string, number>,
  ): Promise<string[]> {
    // Keys, numbers and strings come in chunks, so each is bounded while it streams; a text
    // (maybe hundreds of MB) streams to the blob store instead.
    const tokens = new Parser({ packKeys: false, packNumbers: false, packStrings: false });
    const reading = pipeline(source, tokens).catch((e) => {
      tokens.destroy(e);
    });
    const meta: Record<string, unknown> = {};
    let admins = 0;
    let patterns = 0;
    const dropped: string[] = [];
    const sink = (table: BackupSection) =>
      contentSink(deps, written, { lines: table === 'pastes', digest: table !== 'pastes' });
    for await (const event of readBackupRows(parsedTokens(tokens), sink, meta)) {
      const t = event.table;
      // This installation's own settings (setup done, secrets, passed tests) never come from a file.
      if (t === 'settings' && isLocalSetting(event.row.key)) continue;
      const value = await checkedRow(trx, event, written);
      counts[t]! += 1;
      if (t === 'gone_pastes') {
        dropped.push(...(await dropRestoredPaste(trx, value.id as string)));
        continue;
      }
      if (t === 'users' && value.role === 'admin') admins++;
      if (t === 'safety_rules' && value.kind === 'pattern') patterns++;
      try {
        await insertRow(trx, t, value);
      } catch (e) {
        if (isConstraintViolation(e))
          throw badRequest(`${t} row ${event.number}: ${BACKUP_MESSAGES.rowConflict}`);
        throw e;
      }
    }
    await reading;
    if (meta.format !== BACKUP_FORMAT || Number(meta.version) !== BACKUP_VERSION)
      throw badRequest(BACKUP_MESSAGES.notABackup);
    if (admins === 0) throw badRequest(BACKUP_MESSAGES.noAdmin);
    // The Safety tab's limits hold for a restored site too.
    if (counts.safety_rules! > SAFETY_MAX_RULES) throw badRequest(SAFETY_MESSAGES.tooManyRules);
    if (patterns > SAFETY_MAX_PATTERNS) throw badRequest(SAFETY_MESSAGES.tooManyPatterns);
    const gap = await gapInHistories(trx);
    if (gap) throw badRequest(BACKUP_MESSAGES.historyGap(gap.pasteId, gap.missing));
    const overTagged = await pasteWithTagsOver(trx, PASTE_TAGS_MAX);
    if (overTagged) throw badRequest(BACKUP_MESSAGES.tooManyTags(overTagged));
    await deps.search.reindexAll(trx);
    return dropped;
  }

  return {
    /**
     * Replaces every table with the document's rows, all or nothing: any bad row, or a document
     * that is not a backup, rolls everything back and deletes the blobs written for it. After
     * commit, the replaced pastes' blobs are deleted. Every session ends with the old users.
     */
    async import(source: Readable): Promise<Record<string, number>> {
      const counts: Record<string, number> = Object.fromEntries(BACKUP_SECTIONS.map((t) => [t, 0]));
      const written: string[] = [];
      let oldBlobs: string[] = [];
      let dropped: string[] = [];
      // Unfinished uploads go with the data they belong to: their bytes are dropped once it is replaced.
      const unfinished = await uploads.heldParts();
      try {
        await db.kysely.transaction().execute(async (trx) => {
          oldBlobs = await pasteBlobKeys(trx);
          await deleteAll(trx);
          dropped = await restoreRows(trx, source, written, counts);
          await resetSequences(trx, db.dialect);
        });
      } catch (e) {
        for (const key of written) await deleteContentBlob(blobs, key);
        throw e;
      } finally {
        settings.invalidate();
      }
      await deps.rules.reload();
      await erasure.flush();
      for (const key of [...oldBlobs, ...dropped]) await deleteContentBlob(blobs, key);
      await uploads.dropParts(unfinished);
      return counts;
    },
  };
}
