import {
  EXTREME_PASTE_BYTES,
  LARGE_PASTE_BYTES,
  LARGE_PASTE_LINES,
  VERY_LARGE_PASTE_BYTES,
  VERY_LARGE_PASTE_LINES,
} from './constants.js';

/** Spec §4 size levels of a paste, in the editor and in its view. */
export type SizeLevel = 'normal' | 'large' | 'very-large' | 'extreme';

/**
 * The level of a paste of `lines` lines and `bytes` bytes, shared by the editor, the view and the
 * server's first HTML of a paste (which carries only a very large paste's preview lines).
 */
export function sizeLevel(lines: number, bytes: number): SizeLevel {
  if (bytes > EXTREME_PASTE_BYTES) return 'extreme';
  if (lines > VERY_LARGE_PASTE_LINES || bytes > VERY_LARGE_PASTE_BYTES) return 'very-large';
  if (lines > LARGE_PASTE_LINES || bytes > LARGE_PASTE_BYTES) return 'large';
  return 'normal';
}
