import {
  CHUNK_SIZE_BYTES,
  EDITOR_BYTES_PER_CHAR,
  EXTREME_PASTE_BYTES,
  MB,
} from '../../../../common/constants';
// Lines as the view shows them, so the editor and the view put the same text in the same level.
import { countLines } from '../../../../common/line-count';
import { type SizeLevel, sizeLevel } from '../../../../common/size-level';
import { formatCount } from '../../../lib/format';

export { type SizeLevel, sizeLevel };

export interface EditorSize {
  /** Estimated at 2 bytes per character (spec §9): it decides the level, never shown. */
  bytes: number;
  /** What the paste will weigh in UTF-8: the size shown to the person. */
  utf8Bytes: number;
  /** Null in the extreme level: line counting is skipped there. */
  lines: number | null;
  level: SizeLevel;
}

export function estimateBytes(text: string): number {
  return text.length * EDITOR_BYTES_PER_CHAR;
}

/** The UTF-8 length of `text`, counted without encoding it (a 10 MB text is never copied). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    // Each half of a surrogate pair counts 2: the pair is one 4-byte character.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code < 0xe000) ? 2 : 3;
  }
  return bytes;
}

/** Whether text is in the extreme level: decided by the estimate alone, so it costs nothing. */
export function isExtremeText(text: string): boolean {
  return estimateBytes(text) > EXTREME_PASTE_BYTES;
}

export function measureEditorContent(text: string): EditorSize {
  const bytes = estimateBytes(text);
  const utf8Bytes = utf8Length(text);
  if (isExtremeText(text)) return { bytes, utf8Bytes, lines: null, level: 'extreme' };
  const lines = countLines(text);
  return { bytes, utf8Bytes, lines, level: sizeLevel(lines, bytes) };
}

/** '1.25' — megabytes with two decimals, without the unit. */
export function megabytes(bytes: number): string {
  return (bytes / MB).toFixed(2);
}

/** The editor warning of spec §8 for a size, or null below the large level. */
export function sizeWarning(size: EditorSize): string | null {
  const mb = megabytes(size.utf8Bytes);
  const lines = formatCount(size.lines ?? 0);
  switch (size.level) {
    case 'large':
      return `Large paste detected (${lines} lines, ${mb} MB). This may take a moment to process.`;
    case 'very-large':
      return `Warning: Very large paste detected (${lines} lines, ${mb} MB). Browser may slow down. Consider using the "Upload File" button for better performance.`;
    case 'extreme':
      return `Large File Loaded: ${mb} MB (line counting skipped for performance)`;
    default:
      return null;
  }
}

/** "in 2 parts (one of 40 MB, one of 20.00 MB)": how a file of `size` bytes is sliced. */
export function describeParts(size: number): string {
  const parts = Math.ceil(size / CHUNK_SIZE_BYTES);
  const last = size - (parts - 1) * CHUNK_SIZE_BYTES;
  if (parts <= 1) return 'in one part';
  if (last === CHUNK_SIZE_BYTES) return `in ${parts} parts of 40 MB`;
  const full = parts - 1 === 1 ? 'one' : String(parts - 1);
  return `in ${parts} parts (${full} of 40 MB, one of ${megabytes(last)} MB)`;
}
