import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import Parser, { type Token } from 'stream-json/Parser.js';
import { EXTREME_PASTE_BYTES } from '../../../common/constants.js';
import { PASTE_MESSAGES } from '../../../common/messages.js';
import {
  BACKUP_FORMAT,
  BACKUP_MESSAGES,
  BACKUP_ROW_SCHEMAS,
  BACKUP_TABLES,
  BACKUP_VERSION,
  type BackupRow,
} from '../../../common/schemas/backup.js';
import type { Clock } from '../../clock.js';
import { isConstraintViolation } from '../../db/dialect.js';
import type { Db } from '../../db/kysely.js';
import { AppError, badRequest } from '../../errors.js';
import { type BlobStore, newBlobKey } from '../../infra/blob-store/index.js';
import { sealedLineTableFor } from '../pastes/encrypted-content.js';
import type { LineIndex } from '../pastes/line-index/format.js';
import { deleteContentBlob, type LineIndexes } from '../pastes/line-index/line-index-store.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import {
  deleteAll,
  insertRow,
  isLocalSetting,
  pasteBlobKeys,
  readPage,
  resetSequences,
} from './backup.repository.js';
import { readBackupRows } from './backup-reader.js';
import { base64Of, sealedFromBase64 } from './sealed-content.js';

interface Deps {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  settings: SettingsService;
  uploads: UploadsService;
  /** Line indexes and sealed line tables, kept beside the content they belong to. */
  lineIndexes: Pick<LineIndexes, 'builder' | 'save' | 'saveSealed' | 'loadSealed'>;
  /** Content larger than this (or holding NUL) is stored as a blob, as pastes.service does. */
  inlineMaxBytes: number;
}

const PAGE = 200;
const json = (value: unknown) => JSON.stringify(value);

export type BackupService = ReturnType<typeof createBackupService>;

/**
 * Database backup: export as one streamed JSON document (pages of rows, paste content streamed
 * from the blob store), import by streaming the document through a JSON tokenizer and replacing
 * everything in one transaction. Memory holds one row at a time: the largest paste bounds it.
 */
type StoredContent = { content: string | null; blob_key: string | null; size_bytes: number };
/** What a content sink wrote: the index of its lines too when it went to a blob (see contentSink). */
type SunkContent = StoredContent & { lines?: LineIndex };

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
    return sealedLineTableFor(row.encryption !== null, row.sealed_line_table);
  } catch (e) {
    if (e instanceof AppError) throw badRequest(`pastes row ${number}: sealed_line_table: ${e.message}`);
    throw e;
  }
}

export function createBackupService(deps: Deps) {
  const { db, blobs, clock, settings, uploads, lineIndexes, inlineMaxBytes } = deps;

  async function* pasteContent(row: Record<string, unknown>): AsyncGenerator<string> {
    if (row.content !== null) {
      yield json(row.content);
      return;
    }
    if (row.encryption !== null) {
      // Sealed bytes are not text: JSON carries them as base64, which needs no escaping.
      yield '"';
      yield* base64Of((await blobs.get(row.blob_key as string)) as AsyncIterable<Buffer>);
      yield '"';
      return;
    }
    yield '"';
    const decoder = new StringDecoder('utf8');
    for await (const chunk of await blobs.get(row.blob_key as string)) {
      const text = decoder.write(chunk as Buffer);
      if (text) yield json(text).slice(1, -1);
    }
    const rest = decoder.end();
    if (rest) yield json(rest).slice(1, -1);
    yield '"';
  }

  async function* exportDocument(): AsyncGenerator<string> {
    yield `{"format":${json(BACKUP_FORMAT)},"version":${BACKUP_VERSION},"exportedAt":${json(new Date(clock.now()).toISOString())},"tables":{`;
    for (const [t, table] of BACKUP_TABLES.entries()) {
      yield `${t ? ',' : ''}${json(table)}:[`;
      let after: string | number | null = null;
      let first = true;
      for (;;) {
        const rows = await readPage(db.kysely, table, after, PAGE);
        for (const row of rows) {
          yield first ? '' : ',';
          first = false;
          if (table !== 'pastes') {
            yield json(row);
            continue;
          }
          const { content: _content, blob_key: _blob, ...rest } = row;
          yield json(rest).slice(0, -1);
          if (row.encryption !== null) {
            const table = row.blob_key === null ? null : await lineIndexes.loadSealed(row.blob_key as string);
            yield `,"sealed_line_table":${json(table?.toString('base64') ?? null)}`;
          }
          yield ',"content":';
          yield* pasteContent(row);
          yield '}';
        }
        if (rows.length < PAGE) break;
        after = (rows.at(-1)![table === 'settings' ? 'key' : 'id'] as string | number) ?? null;
      }
      yield ']';
    }
    yield '}}';
  }

  /**
   * A paste's content as it streams in: kept as text while it may stay inline, then written to a
   * new blob as it arrives, so a large paste never becomes one string in memory. A blob's lines
   * are indexed on the way (the bytes are encoded for the blob anyway), so a restored extreme
   * paste opens in the viewer as fast as it did before the backup.
   */
  function contentSink(written: string[]) {
    let parts: string[] = [];
    let bytes = 0;
    let hasNul = false;
    let blob: { key: string; stream: PassThrough; stored: Promise<number> } | null = null;
    const lines = lineIndexes.builder();
    function send(text: string): boolean {
      const encoded = Buffer.from(text, 'utf8');
      lines.push(encoded);
      return blob!.stream.write(encoded);
    }
    return {
      async write(text: string): Promise<void> {
        bytes += Buffer.byteLength(text, 'utf8');
        hasNul ||= text.includes('\u0000');
        if (!blob && (bytes > inlineMaxBytes || hasNul)) {
          const stream = new PassThrough();
          const key = newBlobKey('pastes');
          written.push(key);
          blob = { key, stream, stored: blobs.put(key, stream) };
          // A failed write rejects `stored`; it is awaited in end().
          blob.stored.catch(() => {});
          send(parts.join(''));
          parts = [];
        }
        if (!blob) parts.push(text);
        else if (!send(text)) await once(blob.stream, 'drain');
      },
      async end(): Promise<SunkContent> {
        if (!blob) return { content: parts.join(''), blob_key: null, size_bytes: bytes };
        blob.stream.end();
        await blob.stored;
        return { content: null, blob_key: blob.key, size_bytes: bytes, lines: lines.finish() };
      },
    };
  }

  return {
    exportStream: (): Readable => Readable.from(exportDocument()),

    /**
     * Replaces every table with the document's rows, all or nothing: any bad row, or a document
     * that is not a backup, rolls everything back and deletes the blobs written for it. After
     * commit, the replaced pastes' blobs are deleted. Every session ends with the old users.
     */
    async import(source: Readable): Promise<Record<string, number>> {
      const counts: Record<string, number> = Object.fromEntries(BACKUP_TABLES.map((t) => [t, 0]));
      const written: string[] = [];
      let oldBlobs: string[] = [];
      // Unfinished uploads go with the data they belong to: their bytes are dropped once it is replaced.
      const unfinished = await uploads.heldParts();
      try {
        await db.kysely.transaction().execute(async (trx) => {
          oldBlobs = await pasteBlobKeys(trx);
          await deleteAll(trx);
          // Keys, numbers and strings come in chunks, so each is bounded while it streams; a paste's
          // content (maybe hundreds of MB) streams to the blob store instead.
          const tokens = new Parser({ packKeys: false, packNumbers: false, packStrings: false });
          const reading = pipeline(source, tokens).catch((e) => {
            tokens.destroy(e);
          });
          const meta: Record<string, unknown> = {};
          let admins = 0;
          const rows = readBackupRows(parsedTokens(tokens), () => contentSink(written), meta);
          for await (const { table: t, number, row } of rows) {
            // This installation's own settings (setup done, secrets, passed tests) never come from a file.
            if (t === 'settings' && isLocalSetting(row.key)) continue;
            // A paste's content string went to its sink (an object here); anything else is checked as it is.
            const streamed = t === 'pastes' && typeof row.content === 'object' && row.content !== null;
            const parsed = BACKUP_ROW_SCHEMAS[t].safeParse(streamed ? { ...row, content: '' } : row);
            if (!parsed.success) {
              const issue = parsed.error.issues[0]!;
              throw badRequest(`${t} row ${number}: ${issue.path.join('.') || 'row'}: ${issue.message}`);
            }
            let value: Record<string, unknown> = parsed.data;
            if (t === 'pastes') {
              const { lines, ...received } = row.content as SunkContent;
              let content: StoredContent = received;
              const pasteRow = parsed.data as BackupRow<'pastes'>;
              const lineTable = checkedLineTable(pasteRow, number);
              const { sealed_line_table: _table, ...paste } = pasteRow;
              if (paste.encryption !== null) {
                const sealed = await sealedFromBase64(blobs, content, written);
                if (!sealed)
                  throw badRequest(`${t} row ${number}: content: ${PASTE_MESSAGES.encryptedContentInvalid}`);
                content = sealed;
                if (lineTable) await lineIndexes.saveSealed(sealed.blob_key!, lineTable);
              } else if (lines && content.size_bytes > EXTREME_PASTE_BYTES) {
                await lineIndexes.save(content.blob_key!, lines);
              }
              value = { ...paste, ...content, status: 'ready', sweep_claimed_at: null };
            }
            if (t === 'users' && (value as BackupRow<'users'>).role === 'admin') admins++;
            try {
              await insertRow(trx, t, value);
            } catch (e) {
              if (isConstraintViolation(e))
                throw badRequest(`${t} row ${number}: ${BACKUP_MESSAGES.rowConflict}`);
              throw e;
            }
            counts[t]! += 1;
          }
          await reading;
          if (meta.format !== BACKUP_FORMAT || Number(meta.version) !== BACKUP_VERSION)
            throw badRequest(BACKUP_MESSAGES.notABackup);
          if (admins === 0) throw badRequest(BACKUP_MESSAGES.noAdmin);
          await resetSequences(trx, db.dialect);
        });
      } catch (e) {
        for (const key of written) await deleteContentBlob(blobs, key);
        throw e;
      } finally {
        settings.invalidate();
      }
      for (const key of oldBlobs) await deleteContentBlob(blobs, key);
      await uploads.dropParts(unfinished);
      return counts;
    },
  };
}
