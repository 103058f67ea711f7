import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import {
  BACKUP_FORMAT,
  BACKUP_TABLES,
  BACKUP_VERSION,
  type BackupTable,
} from '../../../common/schemas/backup.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/kysely.js';
import { openSnapshot } from '../../db/snapshot.js';
import { BlobNotFoundError, type BlobStore } from '../../infra/blob-store/index.js';
import type { LineIndexes } from '../line-index/line-index-store.js';
import { isEncrypted } from '../pastes/encrypted-content.js';
import { livePasteIds, readPage } from './backup.repository.js';
import { type PageKey, pageKeyOf } from './backup-tables.js';
import { base64Of } from './sealed-content.js';

interface Deps {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  lineIndexes: Pick<LineIndexes, 'loadSealed'>;
}

const PAGE = 200;
const json = (value: unknown) => JSON.stringify(value);

/**
 * The backup document, written as it is read: keyset pages of 200 rows from one snapshot of the
 * database (db/snapshot.ts: a paste, its revisions and the reports on it agree however the site
 * changes meanwhile), each text streamed from where it is kept. Memory holds one page of rows
 * and one piece of text at a time: the largest row bounds it, not the size of the site.
 *
 * Blobs are not in the snapshot: a paste deleted meanwhile takes its blobs with it. So each blob
 * is opened before any byte of its row is written (an open blob reads to its end even if deleted
 * then); one already gone, of a paste that is gone too, leaves that row out, and the paste is
 * listed in `gone_pastes` at the end, which the import leaves out whole. A blob missing under a
 * paste that still exists is an error, as before.
 */
export function createBackupExport({ db, blobs, clock, lineIndexes }: Deps) {
  /** A stored text as a JSON string, in pieces: inline, or from an opened blob (sealed: base64). */
  async function* textOf(inline: unknown, source: AsyncIterable<Buffer> | null, sealed: boolean) {
    if (source === null) {
      yield json(inline);
      return;
    }
    yield '"';
    if (sealed) {
      // Sealed bytes are not text: JSON carries them as base64, which needs no escaping.
      yield* base64Of(source);
    } else {
      const decoder = new StringDecoder('utf8');
      for await (const chunk of source) {
        const text = decoder.write(chunk);
        if (text) yield json(text).slice(1, -1);
      }
      const rest = decoder.end();
      if (rest) yield json(rest).slice(1, -1);
    }
    yield '"';
  }

  function exportRun() {
    const gone = new Set<string>();
    /** The blob of the row being written, closed once the row is (read to its end or not). */
    let opened: Readable | null = null;

    /** The row's blob, opened; null (the paste noted as gone) when it went with its paste. */
    async function open(row: Record<string, unknown>, pasteId: string) {
      try {
        opened = await blobs.get(row.blob_key as string);
        return opened as AsyncIterable<Buffer>;
      } catch (e) {
        if (!(e instanceof BlobNotFoundError) || (await livePasteIds(db.kysely, [pasteId])).length > 0)
          throw e;
        gone.add(pasteId);
        return null;
      }
    }

    async function pasteRow(row: Record<string, unknown>): Promise<AsyncIterable<string> | null> {
      const source = row.content === null ? await open(row, row.id as string) : null;
      if (row.content === null && source === null) return null;
      const sealed = isEncrypted(row as { encryption: number | null });
      const table =
        sealed && row.blob_key !== null ? await lineIndexes.loadSealed(row.blob_key as string) : null;
      const { content: _content, blob_key: _blob, ...rest } = row;
      return (async function* () {
        yield json(rest).slice(0, -1);
        if (sealed) yield `,"sealed_line_table":${json(table?.toString('base64') ?? null)}`;
        yield ',"content":';
        yield* textOf(row.content, source, sealed);
        yield '}';
      })();
    }

    /** A revision's text, or null for the newest one's: the paste row carries it. */
    async function revisionContentRow(row: Record<string, unknown>): Promise<AsyncIterable<string> | null> {
      const newest = Number(row.is_newest) === 1;
      const source = !newest && row.content === null ? await open(row, row.paste_id as string) : null;
      if (!newest && row.content === null && source === null) return null;
      return (async function* () {
        yield `{"paste_id":${json(row.paste_id)},"sha256":${json(row.sha256)},"content":`;
        if (newest) yield 'null';
        else yield* textOf(row.content, source, false);
        yield '}';
      })();
    }

    async function rowOf(table: BackupTable, row: Record<string, unknown>) {
      if (table === 'pastes') return pasteRow(row);
      if (gone.has(row.paste_id as string)) return null;
      if (table === 'paste_revision_contents') return revisionContentRow(row);
      return [json(row)];
    }

    async function* tableRows(snapshot: Db['kysely'], table: BackupTable): AsyncGenerator<string> {
      let after: PageKey = null;
      let first = true;
      for (;;) {
        const rows = await readPage(snapshot, table, after, PAGE);
        for (const row of rows) {
          const body = await rowOf(table, row);
          if (body === null) continue;
          try {
            yield first ? '' : ',';
            first = false;
            yield* body;
          } finally {
            opened?.destroy();
            opened = null;
          }
        }
        if (rows.length < PAGE) return;
        after = pageKeyOf(table, rows.at(-1)!);
      }
    }

    return { tableRows, gone };
  }

  async function* document(): AsyncGenerator<string> {
    const snapshot = await openSnapshot(db);
    try {
      const run = exportRun();
      yield `{"format":${json(BACKUP_FORMAT)},"version":${BACKUP_VERSION},"exportedAt":${json(new Date(clock.now()).toISOString())},"tables":{`;
      for (const table of BACKUP_TABLES) {
        yield `${table === BACKUP_TABLES[0] ? '' : ','}${json(table)}:[`;
        yield* run.tableRows(snapshot.kysely, table);
        yield ']';
      }
      yield `,"gone_pastes":${json([...run.gone].map((id) => ({ id })))}}}`;
    } finally {
      // Also when the reader goes away half-way: the snapshot holds the database back.
      await snapshot.end();
    }
  }

  return { exportStream: (): Readable => Readable.from(document()) };
}
