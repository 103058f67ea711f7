import { toBase64 } from '../../../../common/paste-crypto/index';
import type { LineTable } from '../../../../common/paste-crypto/line-table';
import { fitsLayout } from '../../../../common/paste-crypto/line-table';
import type { SealedPaste } from './encrypted-line-source';

/**
 * The line tables this tab has counted, so that the same encrypted paste read again (a reload, Back
 * and Forward) opens at once instead of being decrypted from the start a second time. Kept in
 * sessionStorage, which goes with the tab; a table says where lines start, never what they hold.
 * A table belongs to one sealed stream: its header (whose 7 random bytes are new at every sealing)
 * and its size.
 */
const STORAGE_KEY = 'pasteshare:sealed-line-tables';
/** Tables kept at most, the latest first (one of a 1 GB paste is about 10 KB). */
const KEPT = 8;

/** What identifies the sealed stream a table was counted from, and its layout. */
export type SealedLayout = Pick<
  SealedPaste,
  'header' | 'sealedSize' | 'chunkBytes' | 'chunks' | 'plainBytes'
>;

interface StoredTable {
  stream: string;
  totalLines: number;
  firstLine: number[];
  /** One character per chunk, '1' where the chunk starts a line. */
  startsLine: string;
}

type TableStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** This tab's sessionStorage, or none where the browser refuses it (storage blocked: it throws). */
function tabStorage(): TableStorage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

const streamOf = (paste: SealedLayout): string => `${toBase64(paste.header)}/${paste.sealedSize}`;

function storedTables(storage: TableStorage): StoredTable[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as StoredTable[]) : [];
  } catch {
    return [];
  }
}

/** A stored table that fits this stream's layout (any other is ignored: the paste is counted). */
function tableFor(stored: StoredTable, paste: SealedLayout): LineTable | null {
  const { totalLines, firstLine, startsLine } = stored;
  if (!Array.isArray(firstLine) || typeof startsLine !== 'string' || !/^[01]*$/.test(startsLine)) return null;
  const table: LineTable = {
    chunkBytes: paste.chunkBytes,
    chunks: paste.chunks,
    plainBytes: paste.plainBytes,
    totalLines,
    firstLine: Float64Array.from(firstLine, Number),
    startsLine: Uint8Array.from(startsLine, (c) => (c === '1' ? 1 : 0)),
  };
  return fitsLayout(table, paste) ? table : null;
}

/** The table this tab counted for this sealed stream, if it still has it. */
export function recallLineTable(
  paste: SealedLayout,
  storage: TableStorage | undefined = tabStorage(),
): LineTable | null {
  if (!storage) return null;
  const stream = streamOf(paste);
  const stored = storedTables(storage).find((t) => t?.stream === stream);
  return stored ? tableFor(stored, paste) : null;
}

/** Keeps a counted table for the next read of the same stream in this tab (best effort). */
export function rememberLineTable(
  paste: SealedLayout,
  table: LineTable,
  storage: TableStorage | undefined = tabStorage(),
): void {
  if (!storage) return;
  const stream = streamOf(paste);
  const entry: StoredTable = {
    stream,
    totalLines: table.totalLines,
    firstLine: Array.from(table.firstLine),
    startsLine: Array.from(table.startsLine, (s) => (s === 1 ? '1' : '0')).join(''),
  };
  const kept = storedTables(storage).filter((t) => t?.stream !== stream);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify([entry, ...kept].slice(0, KEPT)));
  } catch {
    // Storage full or refused: the next read counts again, as without it.
  }
}
