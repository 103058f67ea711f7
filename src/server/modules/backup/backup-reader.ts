import type { Token } from 'stream-json/Parser.js';
import { z } from 'zod';
import {
  BACKUP_MESSAGES,
  BACKUP_ROW_SCHEMAS,
  BACKUP_SECTIONS,
  type BackupSection,
} from '../../../common/schemas/backup.js';
import { badRequest } from '../../errors.js';

/** Where a paste's content goes as it streams in (a blob once it is large). */
export interface ContentSink {
  write(text: string): Promise<void>;
  end(): Promise<unknown>;
}

export interface BackupRowEvent {
  table: BackupSection;
  /** 1-based, per table, for messages. */
  number: number;
  /** Field values as read; a streamed `content` is what its sink's `end()` returned. */
  row: Record<string, unknown>;
}

/** Object keys and numbers are short in a backup; anything longer is not one. */
const KEY_MAX = 64;
const NUMBER_MAX = 32;
const META_STRING_MAX = 100;
/** Tables whose `content` streams to a sink rather than being read whole. */
const STREAMED_TEXTS: readonly BackupSection[] = ['pastes', 'paste_revision_contents'];
/** The document's own fields; others are skipped, not kept. */
const META_KEYS = ['format', 'version', 'exportedAt'];

/** The longest text each column takes: a longer string is refused while it streams in. */
function textLimit(schema: z.ZodType): number {
  let s: z.ZodType = schema;
  while (!(s instanceof z.ZodString) && 'unwrap' in s && typeof s.unwrap === 'function') s = s.unwrap();
  if (s instanceof z.ZodString) return s.maxLength ?? KEY_MAX;
  if (s instanceof z.ZodEnum) return Math.max(...s.options.map((o) => String(o).length));
  // Not a text column: a string here is refused by the row's schema; it need not be read whole.
  return KEY_MAX;
}

export const COLUMN_TEXT_LIMITS = Object.fromEntries(
  BACKUP_SECTIONS.map((t) => [
    t,
    new Map(Object.entries(BACKUP_ROW_SCHEMAS[t].shape).map(([k, v]) => [k, textLimit(v as z.ZodType)])),
  ]),
) as Record<BackupSection, Map<string, number>>;

/**
 * Reads a backup document token by token and yields its rows, checking the shape as it goes:
 * `{ meta…, "tables": { "<table>": [ { field: scalar, … }, … ], … } }` and nothing deeper, keys
 * and numbers short, every string within its column's length, no field twice. A hostile file is
 * refused at its first bad token, so memory holds one bounded row at a time (a paste's or a
 * revision's content streams to `openContent()`), and no token costs more than its own bytes.
 */
export async function* readBackupRows(
  tokens: AsyncIterable<Token>,
  openContent: (table: BackupSection) => ContentSink,
  meta: Record<string, unknown>,
): AsyncGenerator<BackupRowEvent> {
  let depth = 0;
  let key: string | undefined;
  let table: BackupSection | null = null;
  let lastTable = -1;
  let row: Record<string, unknown> | null = null;
  const numbers = new Map<BackupSection, number>();
  let text: { parts: string[]; length: number; limit: number; where: string } | null = null;
  let sink: ContentSink | null = null;

  const rowLabel = () => `${table} row ${numbers.get(table!) ?? 0}`;
  const notABackup = (why: string) => badRequest(`${BACKUP_MESSAGES.notABackup}: ${why}`);
  const tooLong = (what: string, limit: number) => badRequest(`${what}: ${BACKUP_MESSAGES.tooLong(limit)}`);

  /** `where` names the text in a refusal: a row's field, or the document itself. */
  function startText(limit: number, where = BACKUP_MESSAGES.notABackup as string): void {
    text = { parts: [], length: 0, limit, where };
  }
  function endText(): string {
    const value = text!.parts.join('');
    text = null;
    return value;
  }
  function setValue(value: unknown): void {
    if (depth === 1 && key === 'tables') throw notABackup(BACKUP_MESSAGES.tablesNotObject);
    if (depth === 1) {
      if (META_KEYS.includes(key!)) meta[key!] = value;
    } else if (depth === 4) row![key!] = value;
    else throw notABackup(BACKUP_MESSAGES.misplacedValue);
  }

  for await (const token of tokens) {
    switch (token.name) {
      case 'startKey':
        startText(KEY_MAX);
        break;
      case 'startNumber':
        startText(NUMBER_MAX);
        break;
      case 'startString':
        if (depth === 4 && STREAMED_TEXTS.includes(table!) && key === 'content') sink = openContent(table!);
        else if (depth === 4) startText(COLUMN_TEXT_LIMITS[table!].get(key!)!, `${rowLabel()}: ${key}`);
        else startText(META_STRING_MAX);
        break;
      case 'stringChunk':
      case 'numberChunk': {
        const chunk = token.value as string;
        if (sink) {
          await sink.write(chunk);
          break;
        }
        text!.length += chunk.length;
        if (text!.length > text!.limit) throw tooLong(text!.where, text!.limit);
        text!.parts.push(chunk);
        break;
      }
      case 'endKey': {
        key = endText();
        if (depth !== 4) break;
        if (!COLUMN_TEXT_LIMITS[table!].has(key))
          throw badRequest(`${rowLabel()}: ${key}: ${BACKUP_MESSAGES.unknownField}`);
        if (Object.hasOwn(row!, key))
          throw badRequest(`${rowLabel()}: ${key}: ${BACKUP_MESSAGES.duplicateField}`);
        break;
      }
      case 'endNumber':
        setValue(Number(endText()));
        break;
      case 'endString':
        if (sink) {
          setValue(await sink.end());
          sink = null;
        } else setValue(endText());
        break;
      case 'nullValue':
        setValue(null);
        break;
      case 'trueValue':
        setValue(true);
        break;
      case 'falseValue':
        setValue(false);
        break;
      case 'startObject':
        if (depth === 0 || (depth === 1 && key === 'tables')) depth++;
        else if (depth === 3) {
          numbers.set(table!, (numbers.get(table!) ?? 0) + 1);
          row = {};
          depth++;
        } else if (depth === 4) throw badRequest(`${rowLabel()}: ${key}: ${BACKUP_MESSAGES.nestedValue}`);
        else throw notABackup(BACKUP_MESSAGES.tooDeep);
        break;
      case 'startArray': {
        if (depth === 4) throw badRequest(`${rowLabel()}: ${key}: ${BACKUP_MESSAGES.nestedValue}`);
        if (depth !== 2) throw notABackup(BACKUP_MESSAGES.tooDeep);
        const index = BACKUP_SECTIONS.indexOf(key as BackupSection);
        if (index === -1) throw badRequest(`${BACKUP_MESSAGES.unknownTable}: ${key}`);
        if (index <= lastTable) throw badRequest(BACKUP_MESSAGES.outOfOrder);
        lastTable = index;
        table = key as BackupSection;
        depth++;
        break;
      }
      case 'endObject':
        if (depth === 4) {
          const done = row!;
          row = null;
          depth--;
          yield { table: table!, number: numbers.get(table!)!, row: done };
        } else depth--;
        break;
      case 'endArray':
        table = null;
        depth--;
        break;
    }
  }
}
