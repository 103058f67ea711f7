import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import Assembler from 'stream-json/Assembler.js';
import Parser, { type Token } from 'stream-json/Parser.js';
import {
  BACKUP_FORMAT,
  BACKUP_MESSAGES,
  BACKUP_ROW_SCHEMAS,
  BACKUP_TABLES,
  BACKUP_VERSION,
  type BackupTable,
} from '../../../common/schemas/backup.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/kysely.js';
import { badRequest } from '../../errors.js';
import { type BlobStore, newBlobKey } from '../../infra/blob-store/index.js';
import type { SettingsService } from '../settings/settings.service.js';
import { deleteAll, insertRow, pasteBlobKeys, readPage, resetSequences } from './backup.repository.js';

interface Deps {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  settings: SettingsService;
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
export function createBackupService({ db, blobs, clock, settings, inlineMaxBytes }: Deps) {
  async function* pasteContent(row: Record<string, unknown>): AsyncGenerator<string> {
    if (row.content !== null) {
      yield json(row.content);
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
          yield `${json(rest).slice(0, -1)},"content":`;
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
   * new blob as it arrives, so a large paste never becomes one string in memory.
   */
  function contentSink(written: string[]) {
    let parts: string[] = [];
    let bytes = 0;
    let hasNul = false;
    let blob: { key: string; stream: PassThrough; stored: Promise<number> } | null = null;
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
          stream.write(parts.join(''));
          parts = [];
        }
        if (!blob) parts.push(text);
        else if (!blob.stream.write(text)) await once(blob.stream, 'drain');
      },
      async end(): Promise<{ content: string | null; blob_key: string | null; size_bytes: number }> {
        if (!blob) return { content: parts.join(''), blob_key: null, size_bytes: bytes };
        blob.stream.end();
        await blob.stored;
        return { content: null, blob_key: blob.key, size_bytes: bytes };
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
      try {
        await db.kysely.transaction().execute(async (trx) => {
          oldBlobs = await pasteBlobKeys(trx);
          await deleteAll(trx);
          // Strings come in chunks (a paste's content may be hundreds of MB): they are joined here,
          // or streamed to the blob store when they are a paste's content.
          const tokens = new Parser({
            packKeys: true,
            streamKeys: false,
            packNumbers: true,
            streamNumbers: false,
            packStrings: false,
            streamStrings: true,
          });
          const reading = pipeline(source, tokens).catch((e) => {
            tokens.destroy(e);
          });
          const frames: { type: 'object' | 'array'; key?: string }[] = [];
          let key: string | undefined;
          let row: Assembler | null = null;
          let table: BackupTable | null = null;
          let lastTableIndex = -1;
          const meta: Record<string, unknown> = {};
          let text: string[] | null = null;
          let sink: ReturnType<typeof contentSink> | null = null;
          let pasteContent: Awaited<ReturnType<ReturnType<typeof contentSink>['end']>> | null = null;
          for await (const raw of tokens as AsyncIterable<Token>) {
            let token = raw;
            if (raw.name === 'startString') {
              const isContent = table === 'pastes' && row && row.depth === 1 && row.key === 'content';
              if (isContent) sink = contentSink(written);
              else text = [];
              continue;
            }
            if (raw.name === 'stringChunk') {
              if (sink) await sink.write(raw.value as string);
              else text!.push(raw.value as string);
              continue;
            }
            if (raw.name === 'endString') {
              if (sink) {
                pasteContent = await sink.end();
                sink = null;
                token = { name: 'stringValue', value: '' };
              } else {
                token = { name: 'stringValue', value: text!.join('') };
                text = null;
              }
            }
            if (row) {
              row.consume(token);
              if (!row.done) continue;
              const t = table!;
              const parsed = BACKUP_ROW_SCHEMAS[t].safeParse(row.current);
              row = null;
              if (!parsed.success) {
                const issue = parsed.error.issues[0]!;
                throw badRequest(
                  `${t} row ${counts[t]! + 1}: ${issue.path.join('.') || 'row'}: ${issue.message}`,
                );
              }
              const value =
                t === 'pastes'
                  ? { ...parsed.data, ...pasteContent!, status: 'ready', sweep_claimed_at: null }
                  : parsed.data;
              pasteContent = null;
              await insertRow(trx, t, value);
              counts[t]! += 1;
              continue;
            }
            switch (token.name) {
              case 'keyValue':
                key = token.value as string;
                break;
              case 'startObject':
              case 'startArray': {
                const inTable =
                  frames.length === 3 && frames[1]!.key === 'tables' && frames[2]!.type === 'array';
                if (inTable && token.name === 'startObject') {
                  row = new Assembler();
                  row.consume(token);
                  break;
                }
                if (frames.length === 2 && frames[1]!.key === 'tables') {
                  const index = BACKUP_TABLES.indexOf(key as BackupTable);
                  if (index === -1) throw badRequest(`${BACKUP_MESSAGES.unknownTable}: ${key}`);
                  if (index <= lastTableIndex) throw badRequest(BACKUP_MESSAGES.outOfOrder);
                  lastTableIndex = index;
                  table = key as BackupTable;
                }
                frames.push({ type: token.name === 'startObject' ? 'object' : 'array', key });
                break;
              }
              case 'endObject':
              case 'endArray':
                frames.pop();
                break;
              default:
                if (frames.length === 1 && key !== undefined) meta[key] = token.value;
                else if (frames.length >= 3 && frames[2]?.type === 'array')
                  throw badRequest(BACKUP_MESSAGES.notABackup);
            }
          }
          await reading;
          if (meta.format !== BACKUP_FORMAT || Number(meta.version) !== BACKUP_VERSION)
            throw badRequest(BACKUP_MESSAGES.notABackup);
          await resetSequences(trx, db.dialect);
        });
      } catch (e) {
        for (const key of written) await blobs.delete(key);
        // The tokenizer's own errors: a truncated or malformed document.
        if (e instanceof Error && !('status' in e))
          throw badRequest(`${BACKUP_MESSAGES.notABackup}: ${e.message}`);
        throw e;
      } finally {
        settings.invalidate();
      }
      for (const key of oldBlobs) await blobs.delete(key);
      return counts;
    },
  };
}
