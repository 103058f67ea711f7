import { SECRET_SCAN_MAX_CHARS } from './constants.js';
import { createSecretScanner, type SecretFinding } from './secret-scan.js';

// The browser loads the scan as one lazy chunk (this module): the labels of its warning come with it.
export { SECRET_KIND_LABELS } from './secret-kinds.js';

/**
 * Characters scanned between two pauses. The costliest text measured (short lines that each hold a
 * trigger, like `key` or `pwd=x`: up to ~0.5 µs a character) takes at most ~8 ms a slice here, so
 * whoever runs the scan (a server answering others, a tab drawing) is never held for long.
 */
export const SECRET_SCAN_SLICE_CHARS = 16 * 1024;

export interface SecretScanResult {
  /** What was found in the part scanned, in reading order. */
  findings: SecretFinding[];
  /** Every character was scanned: false past the time budget or past SECRET_SCAN_MAX_CHARS. */
  complete: boolean;
  /** Characters scanned from the start of the text. */
  scannedChars: number;
}

export interface SliceOptions {
  /**
   * Time the slices together may take (ms), checked after each: one slice always runs, so 0 scans
   * one slice. Past it the rest of the text is not scanned and the result says so.
   */
  budgetMs: number;
  /** Gives the thread to others between slices (the server's next turn, the browser's next task). */
  pause: () => Promise<void>;
  now?: () => number;
}

/**
 * The secret scan (common/secret-scan) of text that may be large, in slices of
 * SECRET_SCAN_SLICE_CHARS with a pause between them, within a time budget: what it costs is
 * bounded per slice and per text, whatever the text. `push` the text (whole, or as it arrives),
 * then `end`.
 */
export function createSlicedSecretScan({ budgetMs, pause, now = () => performance.now() }: SliceOptions) {
  const scanner = createSecretScanner();
  let spentMs = 0;
  let scannedChars = 0;
  let spent = false;
  let stopped = false;
  return {
    async push(text: string): Promise<void> {
      for (let start = 0; start < text.length && !stopped; ) {
        if (spent || scannedChars >= SECRET_SCAN_MAX_CHARS) {
          stopped = true;
          return;
        }
        if (start > 0) await pause();
        const end = Math.min(
          text.length,
          start + SECRET_SCAN_SLICE_CHARS,
          start + SECRET_SCAN_MAX_CHARS - scannedChars,
        );
        const began = now();
        scanner.push(text.slice(start, end));
        spentMs += now() - began;
        spent = spentMs >= budgetMs;
        scannedChars += end - start;
        start = end;
      }
    },
    end(): SecretScanResult {
      return { findings: scanner.end(), complete: !stopped, scannedChars };
    },
  };
}

/** The sliced scan of one whole text. */
export async function scanForSecretsInSlices(text: string, options: SliceOptions): Promise<SecretScanResult> {
  const scan = createSlicedSecretScan(options);
  await scan.push(text);
  return scan.end();
}
