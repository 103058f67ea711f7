import {
  EDITOR_BYTES_PER_CHAR,
  EXTREME_PASTE_BYTES,
  LARGE_PASTE_BYTES,
  LARGE_PASTE_LINES,
  MB,
  VERY_LARGE_PASTE_BYTES,
  VERY_LARGE_PASTE_LINES,
} from '../../../../common/constants';
import { formatCount } from '../../../lib/format';

/** Spec §4 editor size levels. */
export type SizeLevel = 'normal' | 'large' | 'very-large' | 'extreme';

export interface EditorSize {
  /** Estimated at 2 bytes per character (spec §9), so a 10 MB check never encodes 10 MB. */
  bytes: number;
  /** Null in the extreme level: line counting is skipped there. */
  lines: number | null;
  level: SizeLevel;
}

export function estimateBytes(text: string): number {
  return text.length * EDITOR_BYTES_PER_CHAR;
}

/** Lines as an editor counts them: none when empty, else one more than the line breaks. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
  return lines;
}

/** The level of a paste of `lines` lines and `bytes` bytes (shared by the editor and the view). */
export function sizeLevel(lines: number, bytes: number): SizeLevel {
  if (bytes > EXTREME_PASTE_BYTES) return 'extreme';
  if (lines > VERY_LARGE_PASTE_LINES || bytes > VERY_LARGE_PASTE_BYTES) return 'very-large';
  if (lines > LARGE_PASTE_LINES || bytes > LARGE_PASTE_BYTES) return 'large';
  return 'normal';
}

export function measureEditorContent(text: string): EditorSize {
  const bytes = estimateBytes(text);
  if (bytes > EXTREME_PASTE_BYTES) return { bytes, lines: null, level: 'extreme' };
  const lines = countLines(text);
  return { bytes, lines, level: sizeLevel(lines, bytes) };
}

/** '1.25' — megabytes with two decimals, without the unit. */
export function megabytes(bytes: number): string {
  return (bytes / MB).toFixed(2);
}

/** The editor warning of spec §8 for a size, or null below the large level. */
export function sizeWarning(size: EditorSize): string | null {
  const mb = megabytes(size.bytes);
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
